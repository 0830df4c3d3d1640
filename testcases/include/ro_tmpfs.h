/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A read-only filesystem for the EROFS cases of the file syscall tests
 * (access, chmod, chown, creat, fchmod, fchmodat, fchown, lchown, mkdir,
 * renameat, rmdir, symlink, utime, utimes). rofs_setup() moves the test
 * process into a private mount namespace (mount_ns.h: the mount cannot
 * outlive the test), mounts a small tmpfs on RO_DIR in the tmpdir, puts
 * in it a file, an empty directory and a symlink to the file, all owned
 * by root with fixed modes and times, then remounts the superblock
 * read-only. rofs_unchanged() reads all of it back after the failed
 * calls: names, types, modes, owners, sizes, link counts, the three
 * times, the symlink's target and the file's data, so a call that said
 * EROFS but changed something anyway fails.
 *
 * With the superblock read-only, both checks that say EROFS hold:
 * mnt_want_write() (sb_rdonly() in __mnt_is_readonly()) and, for a write
 * permission check, sb_permission() in inode_permission(), which comes
 * before the mode bits are looked at (fs/namei.c): nobody writing a file
 * it has no permission for gets EROFS, not EACCES.
 *
 * Call rofs_setup() first in setup(), before any descriptor is opened:
 * after the unshare() a descriptor opened earlier is on a mount of the
 * old namespace, a different mount from the same directory reached by
 * path now (renameat() between the two is EXDEV).
 *
 * Not root: no mount; rofs_ready() reports TCONF and the case is
 * skipped (the rest of the test runs).
 */
#ifndef RO_TMPFS_H
#define RO_TMPFS_H

#include <dirent.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "mount_ns.h"

#define RO_DIR "rofs"
#define RO_FILE RO_DIR "/file"
#define RO_SUBDIR RO_DIR "/dir"
#define RO_LINK RO_DIR "/link"
#define RO_NEW RO_DIR "/new"
#define RO_MISSING RO_DIR "/missing"
#define RO_DATA "read-only\n"

/* Times far in the past: any change to now is seen. */
#define RO_ATIME 1000000
#define RO_MTIME 2000000

static const char *const rofs_names[] = { RO_DIR, RO_FILE, RO_SUBDIR,
					  RO_LINK };
static struct stat rofs_st[4];
static int rofs_mounted;

static inline void rofs_setup(void)
{
	struct timespec ts[2] = { { RO_ATIME, 0 }, { RO_MTIME, 0 } };
	unsigned int i;
	int fd;

	if (geteuid())
		return;
	mnt_private_ns();
	SAFE_MKDIR(RO_DIR, 0755);
	SAFE_MOUNT("ltp_rofs", RO_DIR, "tmpfs", 0, "size=1m,mode=0755");
	rofs_mounted = 1;
	fd = SAFE_OPEN(RO_FILE, O_CREAT | O_WRONLY, 0644);
	SAFE_WRITE(1, fd, RO_DATA, strlen(RO_DATA));
	SAFE_CLOSE(fd);
	SAFE_CHMOD(RO_FILE, 0644);
	SAFE_MKDIR(RO_SUBDIR, 0755);
	SAFE_CHMOD(RO_SUBDIR, 0755);
	if (symlink("file", RO_LINK))
		tst_brk(TBROK | TERRNO, "symlink(file, %s)", RO_LINK);
	for (i = 0; i < 4; i++)
		if (utimensat(AT_FDCWD, rofs_names[i], ts, AT_SYMLINK_NOFOLLOW))
			tst_brk(TBROK | TERRNO, "utimensat(%s)", rofs_names[i]);
	SAFE_MOUNT(NULL, RO_DIR, NULL, MS_REMOUNT | MS_RDONLY, NULL);
	for (i = 0; i < 4; i++)
		if (lstat(rofs_names[i], &rofs_st[i]))
			tst_brk(TBROK | TERRNO, "lstat(%s)", rofs_names[i]);
}

/* 1 when the read-only mount is there; else TCONF (not root). */
static inline int rofs_ready(void)
{
	if (!rofs_mounted)
		tst_res(TCONF, "not root: no read-only mount, EROFS cases "
			"skipped");
	return rofs_mounted;
}

/* The names in dir other than . and .., or -1. */
static inline int rofs_count(const char *dir)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	int n = 0;

	if (!d)
		return -1;
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static inline int rofs_same(const struct stat *a, const struct stat *b)
{
	return a->st_ino == b->st_ino && a->st_mode == b->st_mode &&
	       a->st_uid == b->st_uid && a->st_gid == b->st_gid &&
	       a->st_size == b->st_size && a->st_nlink == b->st_nlink &&
	       a->st_atim.tv_sec == b->st_atim.tv_sec &&
	       a->st_atim.tv_nsec == b->st_atim.tv_nsec &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
	       a->st_ctim.tv_sec == b->st_ctim.tv_sec &&
	       a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

/* TPASS when nothing on the read-only filesystem changed, else TFAIL. */
static inline void rofs_unchanged(void)
{
	char target[16] = "", data[32] = "";
	struct stat st;
	unsigned int i;
	ssize_t len;
	int fd;

	for (i = 0; i < 4; i++) {
		if (lstat(rofs_names[i], &st)) {
			tst_res(TFAIL | TERRNO, "lstat(%s)", rofs_names[i]);
			return;
		}
		if (!rofs_same(&st, &rofs_st[i])) {
			tst_res(TFAIL, "%s changed: mode %o uid %d nlink %ld "
				"size %ld atime %ld mtime %ld ctime %ld.%09ld",
				rofs_names[i], (unsigned int)st.st_mode,
				(int)st.st_uid, (long)st.st_nlink,
				(long)st.st_size, (long)st.st_atime,
				(long)st.st_mtime, (long)st.st_ctim.tv_sec,
				st.st_ctim.tv_nsec);
			return;
		}
	}
	len = readlink(RO_LINK, target, sizeof(target) - 1);
	fd = open(RO_FILE, O_RDONLY);
	if (fd >= 0) {
		if (read(fd, data, sizeof(data) - 1) < 0)
			data[0] = '\0';
		close(fd);
	}
	if (len != 4 || strcmp(target, "file") || strcmp(data, RO_DATA) ||
	    rofs_count(RO_DIR) != 3 || rofs_count(RO_SUBDIR) != 0) {
		tst_res(TFAIL, "the read-only tmpfs changed: link -> '%s', "
			"%d names in it, %d in its directory", target,
			rofs_count(RO_DIR), rofs_count(RO_SUBDIR));
		return;
	}
	tst_res(TPASS, "nothing changed on the read-only tmpfs (names, "
		"modes, owners, times, data)");
}

static inline void rofs_cleanup(void)
{
	if (rofs_mounted)
		mnt_umount_all(RO_DIR);
}

#endif /* RO_TMPFS_H */
