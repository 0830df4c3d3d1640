/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * File handles for the name_to_handle_at and open_by_handle_at tests:
 * the raw calls and a handle of a path, TCONF when the test directory's
 * filesystem cannot encode handles.
 */
#ifndef FHANDLE_H
#define FHANDLE_H

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "lapi/fcntl.h"

struct fh_buf {
	struct file_handle fh;
	unsigned char bytes[MAX_HANDLE_SZ];
};

static inline long sys_name_to_handle_at(int dfd, const char *path,
					 void *fh, int *mnt_id, int flags)
{
	return syscall(__NR_name_to_handle_at, dfd, path, fh, mnt_id, flags);
}

static inline long sys_open_by_handle_at(int mnt_fd, void *fh, int flags)
{
	return syscall(__NR_open_by_handle_at, mnt_fd, fh, flags);
}

/* The handle of path (flags as name_to_handle_at's); TBROK on failure. */
static inline void fh_get(const char *path, int flags, struct fh_buf *h,
			  int *mnt_id)
{
	int id;

	memset(h, 0, sizeof(*h));
	h->fh.handle_bytes = MAX_HANDLE_SZ;
	if (sys_name_to_handle_at(AT_FDCWD, path, h, mnt_id ? mnt_id : &id,
				  flags)) {
		if (errno == EOPNOTSUPP)
			tst_brk(TCONF, "the test directory's filesystem cannot "
				"encode file handles");
		tst_brk(TBROK | TERRNO, "name_to_handle_at(%s)", path);
	}
}

static inline int fh_equal(const struct fh_buf *a, const struct fh_buf *b)
{
	return a->fh.handle_bytes == b->fh.handle_bytes &&
	       a->fh.handle_type == b->fh.handle_type &&
	       !memcmp(a->bytes, b->bytes, a->fh.handle_bytes);
}

#endif /* FHANDLE_H */
