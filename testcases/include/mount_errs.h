/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Mounts for the EROFS, EBUSY and EXDEV cases of the tests that remove
 * or move names (unlink02, rename02). The test has the library's device
 * mounted on ME_MNT (needs_device, mount_device, mntpoint ME_MNT); in a
 * private mount namespace of the test process (every mount below goes
 * away with it, however it ends) me_setup() makes:
 *  - ME_RO_BIND: a read-only bind mount of ME_MNT (read-only mount, the
 *    filesystem itself writable), holding ME_RO_BIND "/file";
 *  - ME_RO_FS: a tmpfs remounted read-only (read-only superblock),
 *    holding ME_RO_FS "/file" and the directory ME_RO_FS "/dir";
 *  - ME_RW_BIND: a read-write bind mount of ME_MNT (same filesystem,
 *    another mount);
 *  - ME_MP_FILE: a file of ME_MNT another file is bind-mounted on;
 *  - ME_MP_DIR: a directory of ME_MNT a tmpfs is mounted on;
 *  - ME_MNT "/file" and ME_MNT "/dir", plain names on the device.
 */
#ifndef MOUNT_ERRS_H
#define MOUNT_ERRS_H

#include <sys/mount.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "mount_ns.h"

#define ME_MNT "mnt"
#define ME_RO_BIND "me_ro_bind"
#define ME_RO_FS "me_ro_fs"
#define ME_RW_BIND "me_rw_bind"
#define ME_MP_FILE ME_MNT "/mp_file"
#define ME_MP_DIR ME_MNT "/mp_dir"

static inline void me_setup(void)
{
	mnt_private_ns();

	fsm_create_file(ME_MNT "/file", 0666, "x");
	SAFE_MKDIR(ME_MNT "/dir", 0777);
	fsm_create_file(ME_MNT "/src_file", 0644, "x");
	fsm_create_file(ME_MP_FILE, 0644, "x");
	SAFE_MKDIR(ME_MP_DIR, 0755);
	SAFE_MKDIR(ME_RO_BIND, 0755);
	SAFE_MKDIR(ME_RO_FS, 0755);
	SAFE_MKDIR(ME_RW_BIND, 0755);

	SAFE_MOUNT(ME_MNT, ME_RO_BIND, NULL, MS_BIND, NULL);
	SAFE_MOUNT("none", ME_RO_BIND, NULL,
		   MS_REMOUNT | MS_BIND | MS_RDONLY, NULL);
	SAFE_MOUNT(ME_MNT, ME_RW_BIND, NULL, MS_BIND, NULL);

	SAFE_MOUNT("tmpfs", ME_RO_FS, "tmpfs", 0, "size=1m");
	fsm_create_file(ME_RO_FS "/file", 0666, "x");
	SAFE_MKDIR(ME_RO_FS "/dir", 0777);
	SAFE_MOUNT("tmpfs", ME_RO_FS, "tmpfs", MS_REMOUNT | MS_RDONLY,
		   "size=1m");

	SAFE_MOUNT(ME_MNT "/src_file", ME_MP_FILE, NULL, MS_BIND, NULL);
	SAFE_MOUNT("tmpfs", ME_MP_DIR, "tmpfs", 0, "size=1m");
}

/* The names still there after a call that had to fail. */
static inline int me_layout_intact(void)
{
	struct stat st;

	return !stat(ME_MNT "/file", &st) && S_ISREG(st.st_mode) &&
	       !stat(ME_MNT "/dir", &st) && S_ISDIR(st.st_mode) &&
	       !stat(ME_RO_BIND "/file", &st) &&
	       !stat(ME_RO_FS "/file", &st) &&
	       mnt_count(ME_MP_FILE) == 1 && mnt_count(ME_MP_DIR) == 1;
}

#endif /* MOUNT_ERRS_H */
