// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * faccessat2(2) (Linux 5.8), the raw system call with its flags:
 * - AT_EACCESS checks with the effective ids: real uid root and effective
 *   uid nobody, R_OK on a root file of mode 0600 passes without the flag
 *   and is EACCES with it; real uid nobody and effective uid root, the
 *   other way round;
 * - AT_SYMLINK_NOFOLLOW checks the symlink itself: as nobody, W_OK
 *   through a link to root's mode 0644 file is EACCES, on the link
 *   (mode 0777) it passes;
 * - AT_EMPTY_PATH with "" checks the file an O_PATH fd refers to;
 * - flags 0 behaves as faccessat();
 * - EINVAL for an unknown flag (AT_SYMLINK_FOLLOW; AT_REMOVEDIR shares
 *   its value with AT_EACCESS) and for mode 8, EBADF for
 *   dirfd -1 with a relative name, ENOTDIR for dirfd a regular file.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define SECRET "faccessat201_secret"
#define FILE_NAME "faccessat201_file"
#define LINK_NAME "faccessat201_link"

static int path_fd = -1;
static uid_t nobody_uid;

static long faccessat2(int dfd, const char *path, int mode, int flags)
{
	return tst_syscall(__NR_faccessat2, dfd, path, mode, flags);
}

static void setup(void)
{
	gid_t gid;

	fsm_nobody_ids(&nobody_uid, &gid);
	fsm_create_file(SECRET, 0600, "x");
	fsm_create_file(FILE_NAME, 0644, "x");
	FSM_SAFE(symlink(FILE_NAME, LINK_NAME));
	path_fd = SAFE_OPEN(SECRET, O_PATH);
	/* TCONF before any result on kernels without the call. */
	faccessat2(AT_FDCWD, FILE_NAME, F_OK, 0);
}

static void cleanup(void)
{
	if (path_fd >= 0)
		SAFE_CLOSE(path_fd);
}

static void check_eaccess(void)
{
	pid_t pid = SAFE_FORK();

	if (pid) {
		reap_child(pid);
		return;
	}
	FSM_SAFE(setresuid(0, nobody_uid, 0));
	TST_EXP_PASS(faccessat2(AT_FDCWD, SECRET, R_OK, 0),
		     "ruid root, euid nobody: R_OK, flags 0");
	TST_EXP_FAIL(faccessat2(AT_FDCWD, SECRET, R_OK, AT_EACCESS), EACCES,
		     "ruid root, euid nobody: R_OK, AT_EACCESS");
	TST_EXP_FAIL(faccessat2(path_fd, "", R_OK,
				AT_EACCESS | AT_EMPTY_PATH), EACCES,
		     "ruid root, euid nobody: R_OK, AT_EACCESS|AT_EMPTY_PATH");
	FSM_SAFE(setresuid(nobody_uid, 0, 0));
	TST_EXP_FAIL(faccessat2(AT_FDCWD, SECRET, R_OK, 0), EACCES,
		     "ruid nobody, euid root: R_OK, flags 0");
	TST_EXP_PASS(faccessat2(AT_FDCWD, SECRET, R_OK, AT_EACCESS),
		     "ruid nobody, euid root: R_OK, AT_EACCESS");
	exit(0);
}

static void nobody_nofollow(void)
{
	TST_EXP_FAIL(faccessat2(AT_FDCWD, LINK_NAME, W_OK, 0), EACCES,
		     "W_OK through a link to root's 0644 file as nobody");
	TST_EXP_PASS(faccessat2(AT_FDCWD, LINK_NAME, W_OK,
				AT_SYMLINK_NOFOLLOW),
		     "W_OK on the link itself with AT_SYMLINK_NOFOLLOW");
	TST_EXP_FAIL(faccessat2(path_fd, "", R_OK, AT_EMPTY_PATH), EACCES,
		     "R_OK on an O_PATH fd of root's 0600 file, AT_EMPTY_PATH");
}

static void check_errors(void)
{
	int fd = SAFE_OPEN(FILE_NAME, O_RDONLY);

	TST_EXP_PASS(faccessat2(path_fd, "", R_OK | W_OK, AT_EMPTY_PATH),
		     "root: R_OK|W_OK on an O_PATH fd with AT_EMPTY_PATH");
	TST_EXP_FAIL(faccessat2(AT_FDCWD, FILE_NAME, F_OK, AT_SYMLINK_FOLLOW),
		     EINVAL, "faccessat2() with flag AT_SYMLINK_FOLLOW");
	TST_EXP_FAIL(faccessat2(AT_FDCWD, FILE_NAME, 8, 0), EINVAL,
		     "faccessat2() with mode 8");
	TST_EXP_FAIL(faccessat2(-1, FILE_NAME, F_OK, 0), EBADF,
		     "faccessat2() with dirfd -1");
	TST_EXP_FAIL(faccessat2(fd, FILE_NAME, F_OK, 0), ENOTDIR,
		     "faccessat2() with dirfd a regular file");
	TST_EXP_FAIL(faccessat2(AT_FDCWD, "", F_OK, 0), ENOENT,
		     "faccessat2(\"\") without AT_EMPTY_PATH");
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_eaccess();
		break;
	case 1:
		fsm_as_nobody(nobody_nofollow);
		break;
	case 2:
		check_errors();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
