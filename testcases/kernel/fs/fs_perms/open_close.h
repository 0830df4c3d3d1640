/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The permission tests' probe: open path with flags and close it at once.
 * 0 when the open succeeded, -1 with open()'s errno kept when it failed.
 */
#ifndef OPEN_CLOSE_H
#define OPEN_CLOSE_H

#include <fcntl.h>
#include <unistd.h>

static inline int open_close(const char *path, int flags)
{
	int fd = open(path, flags);

	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

#endif /* OPEN_CLOSE_H */
