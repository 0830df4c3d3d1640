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

/* At most this many matching lines are kept per test. */
#define KH_MAX_LINES	32

struct kmsg_watch {
	int fd;		/* -1 when the log cannot be read: check skipped */
	regex_t oops_re;
};

void kh_open(struct kmsg_watch *w);
/* Skip everything logged so far. */
void kh_mark(struct kmsg_watch *w);
/*
 * Read what was logged since kh_mark(); store up to KH_MAX_LINES matching
 * messages (malloc'ed) in lines[] and return how many.
 */
size_t kh_collect(struct kmsg_watch *w, char **lines);
/* The taint mask, or -1 when it cannot be read. */
long kh_taint(void);

#endif /* KERNEL_HEALTH_H */
