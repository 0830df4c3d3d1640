/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Reading inotify events for the inotify tests: the kernel queues an
 * event before the file system call that caused it returns, so once the
 * test's own calls are done, one non-blocking read() collects them all.
 */
#ifndef INOTIFY_READ_H
#define INOTIFY_READ_H

#include <string.h>
#include <sys/inotify.h>
#include "tst_test.h"

#define INO_MAX_EVENTS 32

struct ino_event {
	int wd;
	uint32_t mask;
	uint32_t cookie;
	uint32_t len;		/* the name field's size, padding included */
	char name[256];
};

/*
 * Read what is queued on the (O_NONBLOCK) inotify descriptor fd into
 * evs; return the number of events. A record that does not parse, or a
 * name without its terminating 0 inside len, is TFAIL.
 */
static inline int ino_read_events(int fd, struct ino_event *evs, int max)
{
	uint64_t aligned[1024];	/* records are read in place */
	char *buf = (char *)aligned;
	struct inotify_event *ie;
	ssize_t len, off = 0;
	int n = 0;

	len = read(fd, buf, sizeof(aligned));
	if (len < 0) {
		if (errno == EAGAIN)
			return 0;
		tst_brk(TBROK | TERRNO, "read(inotify)");
	}
	while (off < len && n < max) {
		ie = (struct inotify_event *)(buf + off);
		if (off + (ssize_t)sizeof(*ie) > len ||
		    off + (ssize_t)(sizeof(*ie) + ie->len) > len ||
		    (ie->len && !memchr(ie->name, 0, ie->len)) ||
		    ie->len >= sizeof(evs[n].name)) {
			tst_res(TFAIL, "inotify record at offset %zd of %zd "
				"does not parse (len %u)", off, len, ie->len);
			return n;
		}
		evs[n].wd = ie->wd;
		evs[n].mask = ie->mask;
		evs[n].cookie = ie->cookie;
		evs[n].len = ie->len;
		strcpy(evs[n].name, ie->len ? ie->name : "");
		n++;
		off += sizeof(*ie) + ie->len;
	}
	return n;
}

#endif /* INOTIFY_READ_H */
