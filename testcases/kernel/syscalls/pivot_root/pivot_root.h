/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The set-up of the pivot_root tests, done in a child: a private mount
 * namespace whose root is a mount with a parent. The guest's root is the
 * initramfs (rootfs), which pivot_root() refuses (EINVAL, "not
 * attached"), so the child first bind mounts the whole tree (MS_REC) on
 * BOX_DIR and chroots there: its root is then that bind mount, and the
 * tmpdir is at the same path inside it. Everything is gone when the
 * child's namespace dies with it.
 */
#ifndef PIVOT_ROOT_H
#define PIVOT_ROOT_H

#include <limits.h>
#include "tst_test.h"
#include "mount_ns.h"

#define BOX_DIR "box"

static inline long sys_pivot_root(const char *new_root, const char *put_old)
{
	return tst_syscall(__NR_pivot_root, new_root, put_old);
}

/* In the child: private namespace, root = rbind of "/", cwd = tmpdir. */
static inline void pivot_enter_box(void)
{
	char tmpdir[PATH_MAX];

	mnt_realpath(".", tmpdir);
	mnt_private_ns();
	SAFE_MOUNT("/", BOX_DIR, NULL, MS_BIND | MS_REC, NULL);
	if (chroot(BOX_DIR))
		tst_brk(TBROK | TERRNO, "chroot(" BOX_DIR ")");
	if (chdir(tmpdir))
		tst_brk(TBROK | TERRNO, "chdir(%s) in the box", tmpdir);
}

#endif /* PIVOT_ROOT_H */
