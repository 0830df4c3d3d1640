// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every call that would change a read-only filesystem fails with EROFS,
 * and nothing changes: on a tmpfs remounted read-only, chmod(),
 * fchmod(), fchmodat(), chown(), fchown(), lchown(), fchownat(), creat()
 * of a new name, open() for writing, access() and faccessat() with W_OK
 * (R_OK still succeeds), truncate(), utimensat(), mkdir(), unlink() and
 * rmdir() return EROFS; stat() shows the old mode, owner and size. Beside
 * it, fchownat() errors on the writable tmpdir: ELOOP for a symlink loop,
 * EACCES for a path through a directory nobody may not search.
 * Syscalls: chmod, fchmod, fchmodat, chown, fchown, lchown, fchownat,
 * creat, open, access, faccessat, truncate, utimensat, mkdir, unlink, rmdir
 */
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "as_nobody.h"

#define MNT "ro"
#define F MNT "/file"
#define D MNT "/dir"

static int mounted;
static struct stat before;

#define EROFS_CALL(call, what) TST_EXP_FAIL(call, EROFS, what)

static void test_erofs(void)
{
	struct timespec ts[2] = {{1, 0}, {1, 0}};
	struct stat st;
	int fd;

	fd = SAFE_OPEN(F, O_RDONLY);
	EROFS_CALL(chmod(F, 0600), "chmod()");
	EROFS_CALL(fchmod(fd, 0600), "fchmod()");
	EROFS_CALL(fchmodat(AT_FDCWD, F, 0600, 0), "fchmodat()");
	EROFS_CALL(chown(F, 1, 1), "chown()");
	EROFS_CALL(fchown(fd, 1, 1), "fchown()");
	EROFS_CALL(lchown(F, 1, 1), "lchown()");
	EROFS_CALL(fchownat(AT_FDCWD, F, 1, 1, 0), "fchownat()");
	EROFS_CALL(creat(MNT "/new", 0644), "creat() of a new name");
	EROFS_CALL(open(F, O_WRONLY), "open(O_WRONLY)");
	EROFS_CALL(open(F, O_RDWR | O_TRUNC), "open(O_RDWR | O_TRUNC)");
	EROFS_CALL(access(F, W_OK), "access(W_OK)");
	EROFS_CALL(faccessat(AT_FDCWD, F, W_OK, 0), "faccessat(W_OK)");
	TST_EXP_PASS(access(F, R_OK), "access(R_OK)");
	EROFS_CALL(truncate(F, 0), "truncate()");
	EROFS_CALL(utimensat(AT_FDCWD, F, ts, 0), "utimensat()");
	EROFS_CALL(mkdir(MNT "/newdir", 0755), "mkdir()");
	EROFS_CALL(unlink(F), "unlink()");
	EROFS_CALL(rmdir(D), "rmdir()");
	SAFE_CLOSE(fd);
	SAFE_STAT(F, &st);
	TST_EXP_EXPR(st.st_mode == before.st_mode &&
		     st.st_uid == before.st_uid && st.st_gid == before.st_gid &&
		     st.st_size == before.st_size &&
		     st.st_mtime == before.st_mtime, "the file is unchanged: "
		     "mode %o, owner %d:%d, size %ld", st.st_mode,
		     (int)st.st_uid, (int)st.st_gid, (long)st.st_size);
	TST_EXP_FAIL(access(MNT "/new", F_OK), ENOENT, "no new file");
}

static void nobody_eacces(void)
{
	TST_EXP_FAIL(fchownat(AT_FDCWD, "private/file", getuid(), getgid(),
			      0), EACCES, "fchownat() through a directory "
		     "without search permission");
}

static void test_fchownat_errors(void)
{
	TST_EXP_FAIL(fchownat(AT_FDCWD, "loop1", 0, 0, 0), ELOOP,
		     "fchownat() of a symlink loop");
	TST_EXP_PASS(fchownat(AT_FDCWD, "loop1", 0, 0, AT_SYMLINK_NOFOLLOW),
		     "fchownat(AT_SYMLINK_NOFOLLOW) of the loop's link");
	run_in_nobody_child(nobody_eacces, "EACCES as nobody");
}

static void run(unsigned int n)
{
	if (!n)
		test_erofs();
	else
		test_fchownat_errors();
}

static void setup(void)
{
	int fd;

	SAFE_MKDIR(MNT, 0755);
	SAFE_MOUNT("ltp_erofs", MNT, "tmpfs", 0, NULL);
	mounted = 1;
	fd = SAFE_OPEN(F, O_CREAT | O_WRONLY, 0644);
	SAFE_WRITE(1, fd, "data", 4);
	SAFE_CLOSE(fd);
	SAFE_MKDIR(D, 0755);
	SAFE_MOUNT("ltp_erofs", MNT, "tmpfs", MS_REMOUNT | MS_RDONLY, NULL);
	SAFE_STAT(F, &before);

	if (symlink("loop2", "loop1") || symlink("loop1", "loop2"))
		tst_brk(TBROK | TERRNO, "symlink()");
	SAFE_MKDIR("private", 0700);
	fd = SAFE_OPEN("private/file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
}

static void cleanup(void)
{
	if (mounted && umount2(MNT, MNT_DETACH))
		tst_res(TWARN | TERRNO, "umount2(%s)", MNT);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
