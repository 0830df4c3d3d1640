/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Setting inode flags (FS_IMMUTABLE_FL, FS_APPEND_FL) on a file of the
 * test's own tmpfs with FS_IOC_GETFLAGS/FS_IOC_SETFLAGS, as root may.
 * A tmpfs without these ioctls is TCONF.
 */
#ifndef TMPFS_IFLAGS_H
#define TMPFS_IFLAGS_H

#include <fcntl.h>
#include <sys/ioctl.h>
#include <linux/fs.h>
#include "tst_test.h"

/* or flag into the inode flags of the file open on fd */
static inline void tmpfs_iflag_fd(int fd, int flag)
{
	int flags;

	if (ioctl(fd, FS_IOC_GETFLAGS, &flags))
		tst_brk(TCONF | TERRNO, "FS_IOC_GETFLAGS on tmpfs");
	flags |= flag;
	if (ioctl(fd, FS_IOC_SETFLAGS, &flags))
		tst_brk(TCONF | TERRNO, "FS_IOC_SETFLAGS on tmpfs");
}

/* the same through a read-only descriptor of path, closed again */
static inline void tmpfs_iflag(const char *path, int flag)
{
	int fd = SAFE_OPEN(path, O_RDONLY);

	tmpfs_iflag_fd(fd, flag);
	SAFE_CLOSE(fd);
}

#endif /* TMPFS_IFLAGS_H */
