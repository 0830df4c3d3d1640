/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The write paths of a read-only mount. fs_ro_prepare() leaves, in a
 * directory that is still writable, a file "f" holding FS_RO_DATA and an
 * empty directory "d"; once the directory's mount (or superblock) is
 * read-only, fs_ro_check() tries every path that would change it and
 * asserts EROFS on each, the errors a read-only mount must not hide
 * (EEXIST for a name that exists), that reads still work, and that
 * nothing changed.
 */
#ifndef FS_READONLY_H
#define FS_READONLY_H

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <limits.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include "tst_test.h"

#define FS_RO_DATA "read-only mount data\n"

static inline int fs_ro_openat(int dfd, const char *name, int flags)
{
	int fd = openat(dfd, name, flags, 0644);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "openat(%s, 0%o)", name, flags);
	return fd;
}

static inline void fs_ro_stat(int dfd, const char *name, struct stat *st)
{
	if (fstatat(dfd, name, st, 0))
		tst_brk(TBROK | TERRNO, "fstatat(%s)", name);
}

static inline void fs_ro_prepare(int dfd)
{
	int fd = fs_ro_openat(dfd, "f", O_CREAT | O_WRONLY | O_TRUNC);

	SAFE_WRITE(1, fd, FS_RO_DATA, strlen(FS_RO_DATA));
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
	if (mkdirat(dfd, "d", 0755) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkdirat(d)");
}

/* Each path names the directory through dfd: the mount it is on counts. */
static inline void fs_ro_check(int dfd)
{
	struct timespec ts[2] = { { 0, UTIME_NOW }, { 0, UTIME_NOW } };
	char buf[64] = { 0 };
	struct stat before, after;
	int fd;

	fs_ro_stat(dfd, "f", &before);

	TST_EXP_FAIL(openat(dfd, "new", O_CREAT | O_WRONLY, 0644), EROFS,
		     "open(new, O_CREAT)");
	TST_EXP_FAIL(openat(dfd, "f", O_WRONLY), EROFS, "open(f, O_WRONLY)");
	TST_EXP_FAIL(openat(dfd, "f", O_RDWR), EROFS, "open(f, O_RDWR)");
	TST_EXP_FAIL(openat(dfd, "f", O_RDONLY | O_TRUNC), EROFS,
		     "open(f, O_RDONLY | O_TRUNC)");
	TST_EXP_FAIL(openat(dfd, "f", O_CREAT | O_WRONLY, 0644), EROFS,
		     "open(f, O_CREAT | O_WRONLY) of an existing file");
	/* The name exists: EEXIST, as on a writable mount (open(2)). */
	TST_EXP_FAIL(openat(dfd, "f", O_CREAT | O_EXCL | O_WRONLY, 0644),
		     EEXIST, "open(f, O_CREAT | O_EXCL)");
	TST_EXP_FAIL(mkdirat(dfd, "d", 0755), EEXIST, "mkdir(d) existing");
	TST_EXP_FAIL(mkdirat(dfd, "newdir", 0755), EROFS, "mkdir(newdir)");
	TST_EXP_FAIL(unlinkat(dfd, "d", AT_REMOVEDIR), EROFS, "rmdir(d)");
	TST_EXP_FAIL(unlinkat(dfd, "f", 0), EROFS, "unlink(f)");
	TST_EXP_FAIL(renameat(dfd, "f", dfd, "g"), EROFS, "rename(f, g)");
	TST_EXP_FAIL(linkat(dfd, "f", dfd, "g", 0), EROFS, "link(f, g)");
	TST_EXP_FAIL(symlinkat("f", dfd, "s"), EROFS, "symlink(s)");
	TST_EXP_FAIL(mknodat(dfd, "p", S_IFIFO | 0644, 0), EROFS,
		     "mknod(p, S_IFIFO)");
	TST_EXP_FAIL(fchmodat(dfd, "f", 0600, 0), EROFS, "chmod(f)");
	TST_EXP_FAIL(fchownat(dfd, "f", 1, 1, 0), EROFS, "chown(f)");
	TST_EXP_FAIL(utimensat(dfd, "f", ts, 0), EROFS, "utimensat(f)");
	TST_EXP_FAIL(faccessat(dfd, "f", W_OK, 0), EROFS,
		     "access(f, W_OK)");

	fd = fs_ro_openat(dfd, "f", O_RDONLY);
	TST_EXP_FAIL(fchmod(fd, 0600), EROFS, "fchmod(f)");
	TST_EXP_FAIL(fchown(fd, 1, 1), EROFS, "fchown(f)");
	TST_EXP_FAIL(futimens(fd, ts), EROFS, "futimens(f)");
	TST_EXP_FAIL(fsetxattr(fd, "user.ro", "v", 1, 0), EROFS,
		     "fsetxattr(f, user.ro)");
	/* An O_RDONLY descriptor: EBADF before the mount is looked at. */
	TST_EXP_FAIL(write(fd, "x", 1), EBADF, "write(O_RDONLY fd)");

	/* Reading still works and reads what was there. */
	TST_EXP_VAL(read(fd, buf, sizeof(buf) - 1), (long)strlen(FS_RO_DATA),
		    "read(f) on the read-only mount");
	TST_EXP_EXPR(!strcmp(buf, FS_RO_DATA), "f holds its data");
	SAFE_CLOSE(fd);

	fs_ro_stat(dfd, "f", &after);
	TST_EXP_EXPR(after.st_mode == before.st_mode &&
		     after.st_uid == before.st_uid &&
		     after.st_size == before.st_size &&
		     after.st_mtim.tv_sec == before.st_mtim.tv_sec &&
		     after.st_mtim.tv_nsec == before.st_mtim.tv_nsec,
		     "mode, owner, size and mtime of f unchanged");
	TST_EXP_FAIL(faccessat(dfd, "new", F_OK, 0), ENOENT,
		     "no file 'new' was created");
}

/*
 * The same through the path-based calls (chmod(), not fchmodat()), and
 * the old utime() and utimes() system calls (NULL and explicit times),
 * on dir's "f", "d", "new"; access(R_OK) still succeeds.
 */
static inline void fs_ro_check_paths(const char *dir)
{
	char f[PATH_MAX + 8], d[PATH_MAX + 8], n[PATH_MAX + 8];
	struct { long actime, modtime; } ut = { 1000, 2000 };
	struct timeval tv[2] = { { 1000, 0 }, { 2000, 0 } };

	snprintf(f, sizeof(f), "%s/f", dir);
	snprintf(d, sizeof(d), "%s/d", dir);
	snprintf(n, sizeof(n), "%s/new", dir);
	TST_EXP_FAIL(creat(n, 0644), EROFS, "creat(new)");
	TST_EXP_FAIL(mkdir(n, 0755), EROFS, "mkdir(new)");
	TST_EXP_FAIL(rmdir(d), EROFS, "rmdir(d)");
	TST_EXP_FAIL(unlink(f), EROFS, "unlink(f)");
	TST_EXP_FAIL(rename(f, n), EROFS, "rename(f, new)");
	TST_EXP_FAIL(link(f, n), EROFS, "link(f, new)");
	TST_EXP_FAIL(symlink("f", n), EROFS, "symlink(new)");
	TST_EXP_FAIL(mknod(n, S_IFIFO | 0644, 0), EROFS, "mknod(new)");
	TST_EXP_FAIL(chmod(f, 0600), EROFS, "chmod(f)");
	TST_EXP_FAIL(chown(f, 1, 1), EROFS, "chown(f)");
	TST_EXP_FAIL(lchown(f, 1, 1), EROFS, "lchown(f)");
	TST_EXP_FAIL(truncate(f, 0), EROFS, "truncate(f)");
	TST_EXP_FAIL(access(f, W_OK), EROFS, "access(f, W_OK)");
	TST_EXP_PASS(access(f, R_OK), "access(f, R_OK)");
	TST_EXP_FAIL(open(f, O_RDWR | O_TRUNC), EROFS,
		     "open(f, O_RDWR | O_TRUNC)");
	TST_EXP_FAIL(setxattr(f, "user.ro", "v", 1, 0), EROFS,
		     "setxattr(f, user.ro)");
#ifdef __NR_utime
	TST_EXP_FAIL(syscall(__NR_utime, f, NULL), EROFS, "utime(f, NULL)");
	TST_EXP_FAIL(syscall(__NR_utime, f, &ut), EROFS, "utime(f, times)");
#endif
#ifdef __NR_utimes
	TST_EXP_FAIL(syscall(__NR_utimes, f, NULL), EROFS,
		     "utimes(f, NULL)");
	TST_EXP_FAIL(syscall(__NR_utimes, f, tv), EROFS, "utimes(f, times)");
#endif
}

#endif /* FS_READONLY_H */
