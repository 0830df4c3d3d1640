/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared memory objects for the shm_open() and shm_unlink() tests: a
 * name of the test's own ("/pts_<tag>_<pid>", so that parallel runs do
 * not meet), an object made with an exact mode (fchmod(), so the umask
 * does not matter), size and first bytes, and reading its state back
 * through a descriptor (size, mode, owner, leading bytes).
 */
#ifndef PTS_SHMOBJ_H
#define PTS_SHMOBJ_H

#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static inline void pts_shm_name(char *buf, size_t len, const char *tag)
{
	snprintf(buf, len, "/pts_%s_%d", tag, (int)getpid());
}

/*
 * A new object (O_EXCL) of the given mode and size whose first bytes
 * are data (NULL: none); the O_RDWR descriptor is returned.
 */
static inline int pts_shm_make(const char *name, mode_t mode, off_t size,
			       const char *data)
{
	int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);

	if (fd < 0)
		PTS_UNRES("shm_open(%s, O_CREAT | O_EXCL): %s", name,
			  strerror(errno));
	if (fchmod(fd, mode) || ftruncate(fd, size) ||
	    (data && pwrite(fd, data, strlen(data), 0) !=
	     (ssize_t)strlen(data))) {
		shm_unlink(name);
		PTS_UNRES("set-up of %s: %s", name, strerror(errno));
	}
	return fd;
}

/* the object's size through fd, -1 when fstat() fails */
static inline long long pts_shm_size(int fd)
{
	struct stat st;

	return fstat(fd, &st) ? -1 : (long long)st.st_size;
}

/* 1 when the first strlen(data) bytes of the object are data */
static inline int pts_shm_has(int fd, const char *data)
{
	char buf[256];
	size_t n = strlen(data);

	if (n > sizeof(buf))
		return 0;
	return pread(fd, buf, n, 0) == (ssize_t)n && !memcmp(buf, data, n);
}

#endif /* PTS_SHMOBJ_H */
