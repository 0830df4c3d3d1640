/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the kernel said while a test ran: the taint mask before and after,
 * and the new kernel log lines that look like an oops, a warning, a
 * lockdep splat or a stall. A test that "passed" while the kernel oopsed
 * did not pass.
 *
 * LTP_PAN_KMSG and LTP_PAN_TAINTED name other files than /dev/kmsg and
 * /proc/sys/kernel/tainted; the runner's self-tests use them to fake a
 * kernel that complains without touching the real one.
 */
#ifndef KERNEL_HEALTH_H
#define KERNEL_HEALTH_H

#include <regex.h>
#include <stddef.h>

#include "strbuf.h"

/* At most this many matching lines are kept per test. */
#define KH_MAX_LINES	32
/* -K: at most this much of everything the kernel logged, per test */
#define KH_DMESG_CAP	(64 * 1024)

struct kmsg_watch {
	int fd;		/* -1 when the log cannot be read: check skipped */
	regex_t oops_re;
};

/* Compile the patterns and open the log. */
void kh_open(struct kmsg_watch *w);
/*
 * Open the log again, for a process of its own: a forked runner must not
 * share the file position of its parent or of another runner. Everything
 * logged before is skipped.
 */
void kh_reopen(struct kmsg_watch *w);
/* Skip everything logged so far. */
void kh_mark(struct kmsg_watch *w);
/*
 * Read what was logged since kh_mark(); store up to KH_MAX_LINES matching
 * messages (malloc'ed) in lines[] and return how many. With all non-NULL
 * every message is also appended to it, one a line, up to KH_DMESG_CAP.
 */
size_t kh_collect(struct kmsg_watch *w, char **lines, struct strbuf *all);
/* The taint mask, or -1 when it cannot be read. */
long kh_taint(void);

#endif /* KERNEL_HEALTH_H */
