/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The new mount API (fsopen, fsconfig, fsmount, fspick, move_mount,
 * open_tree, mount_setattr), raw: the tests call the kernel, not a libc
 * wrapper. ENOSYS ends the test with TCONF. The constants and struct
 * mount_attr come from glibc's <sys/mount.h> (2.36 has them, from the
 * kernel's include/uapi/linux/mount.h).
 */
#ifndef NEWMOUNT_RAW_H
#define NEWMOUNT_RAW_H

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "lapi/fcntl.h"

static inline int fsopen_raw(const char *fs_name, unsigned int flags)
{
	return tst_syscall(__NR_fsopen, fs_name, flags);
}

static inline int fsconfig_raw(int fd, unsigned int cmd, const char *key,
			       const void *value, int aux)
{
	return tst_syscall(__NR_fsconfig, fd, cmd, key, value, aux);
}

static inline int fsmount_raw(int fd, unsigned int flags,
			      unsigned int attr_flags)
{
	return tst_syscall(__NR_fsmount, fd, flags, attr_flags);
}

static inline int fspick_raw(int dfd, const char *path, unsigned int flags)
{
	return tst_syscall(__NR_fspick, dfd, path, flags);
}

static inline int move_mount_raw(int from_dfd, const char *from_path,
				 int to_dfd, const char *to_path,
				 unsigned int flags)
{
	return tst_syscall(__NR_move_mount, from_dfd, from_path, to_dfd,
			   to_path, flags);
}

static inline int open_tree_raw(int dfd, const char *path, unsigned int flags)
{
	return tst_syscall(__NR_open_tree, dfd, path, flags);
}

static inline int mount_setattr_raw(int dfd, const char *path,
				    unsigned int flags, void *attr,
				    size_t size)
{
	return tst_syscall(__NR_mount_setattr, dfd, path, flags, attr, size);
}

/*
 * A tmpfs context that is created (FSCONFIG_CMD_CREATE done, so it
 * awaits fsmount), sized size ("1m") when size is not NULL. Set-up:
 * any failure is TBROK.
 */
static inline int nm_tmpfs_created(const char *size)
{
	int fd = fsopen_raw("tmpfs", FSOPEN_CLOEXEC);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "fsopen(tmpfs)");
	if (size && fsconfig_raw(fd, FSCONFIG_SET_STRING, "size", size, 0))
		tst_brk(TBROK | TERRNO, "fsconfig(SET_STRING size=%s)", size);
	if (fsconfig_raw(fd, FSCONFIG_CMD_CREATE, NULL, NULL, 0))
		tst_brk(TBROK | TERRNO, "fsconfig(CMD_CREATE)");
	return fd;
}

/* Attach the detached mount mfd (fsmount, open_tree) on path. */
static inline void nm_attach(int mfd, const char *path)
{
	if (move_mount_raw(mfd, "", AT_FDCWD, path, MOVE_MOUNT_F_EMPTY_PATH))
		tst_brk(TBROK | TERRNO, "move_mount(fd, \"\", %s)", path);
}

#endif /* NEWMOUNT_RAW_H */
