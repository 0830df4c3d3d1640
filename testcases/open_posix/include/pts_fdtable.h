/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A full descriptor table: RLIMIT_NOFILE lowered to limit and every
 * descriptor below it opened on /dev/null, so that the next call that
 * needs a descriptor must fail with [EMFILE] and a close() of one
 * number leaves exactly that number free.
 */
#ifndef PTS_FDTABLE_H
#define PTS_FDTABLE_H

#include <errno.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include "posixtest.h"

static inline void pts_fill_fd_table(int limit)
{
	struct rlimit rl = { limit, limit };
	int fd, last = -1;

	if (setrlimit(RLIMIT_NOFILE, &rl))
		PTS_UNRES("setrlimit(RLIMIT_NOFILE): %m");
	for (;;) {
		fd = open("/dev/null", O_RDONLY);
		if (fd < 0)
			break;
		last = fd;
	}
	if (errno != EMFILE || last != limit - 1)
		PTS_UNRES("filling the table stopped at %d: %m", last);
}

#endif /* PTS_FDTABLE_H */
