// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * openat2(2) opens like openat(2) and enforces its RESOLVE_* flags:
 * - flags and mode as in struct open_how: the file is created with that
 *   mode, O_CLOEXEC shows in F_GETFD; a struct larger than the kernel's
 *   whose extra bytes are zero is accepted;
 * - RESOLVE_NO_SYMLINKS: ELOOP for a path through a symlink;
 * - RESOLVE_NO_MAGICLINKS: ELOOP for /proc/self/fd/N, while an ordinary
 *   symlink still resolves;
 * - RESOLVE_BENEATH: "sub/../f" resolves; "..", an absolute path and a
 *   symlink to an absolute path fail with EXDEV;
 * - RESOLVE_IN_ROOT: an absolute symlink and ".." past dirfd resolve
 *   inside dirfd, as if it were the root;
 * - RESOLVE_NO_XDEV: EXDEV for a path crossing into the /proc mount,
 *   while a path within one mount resolves;
 * - RESOLVE_CACHED: EAGAIN for O_CREAT (it cannot be done from the cache).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "openat2.h"

static int root_fd = -1, slash_fd = -1;

/* A struct open_how with room after it for the extensibility check. */
static struct {
	struct open_how how;
	char tail[8];
} big;

static void check_is(int fd, const char *path, const char *desc)
{
	struct stat a, b;

	if (fd < 0)
		return;
	SAFE_FSTAT(fd, &a);
	SAFE_STAT(path, &b);
	TST_EXP_EXPR(a.st_dev == b.st_dev && a.st_ino == b.st_ino,
		     "%s opened %s", desc, path);
	SAFE_CLOSE(fd);
}

static int open_resolve(const char *path, unsigned long long resolve)
{
	struct open_how how = { .flags = O_RDONLY, .resolve = resolve };

	return openat2(root_fd, path, &how, sizeof(how));
}

static void test_open_how(void)
{
	struct open_how how = {
		.flags = O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC,
		.mode = 0640,
	};
	struct stat st;
	int fd;

	TST_EXP_FD(openat2(root_fd, "created", &how, OPEN_HOW_SIZE_VER0),
		   "openat2(O_CREAT | O_EXCL | O_CLOEXEC, mode 0640)");
	fd = TST_RET;
	if (fd >= 0) {
		SAFE_FSTAT(fd, &st);
		TST_EXP_EXPR((st.st_mode & 07777) == 0640 &&
			     (fcntl(fd, F_GETFD) & FD_CLOEXEC) &&
			     (fcntl(fd, F_GETFL) & O_ACCMODE) == O_RDWR,
			     "mode 0%o, FD_CLOEXEC set, O_RDWR",
			     st.st_mode & 07777);
		check_is(fd, "root/created", "openat2()");
	}

	memset(&big, 0, sizeof(big));
	big.how.flags = O_RDONLY;
	TST_EXP_FD(openat2(root_fd, "created", &big, sizeof(big)),
		   "openat2() with size %zu, zero tail", sizeof(big));
	check_is(TST_RET, "root/created", "openat2() with a larger struct");
	unlink("root/created");
}

static void test_resolve(void)
{
	char magic[64];

	TST_EXP_FAIL(open_resolve("link_f", RESOLVE_NO_SYMLINKS), ELOOP,
		     "RESOLVE_NO_SYMLINKS, symlink");
	TST_EXP_FD(open_resolve("f", RESOLVE_NO_SYMLINKS),
		   "RESOLVE_NO_SYMLINKS, plain path");
	check_is(TST_RET, "root/f", "RESOLVE_NO_SYMLINKS");

	snprintf(magic, sizeof(magic), "/proc/self/fd/%d", root_fd);
	TST_EXP_FAIL(open_resolve(magic, RESOLVE_NO_MAGICLINKS), ELOOP,
		     "RESOLVE_NO_MAGICLINKS, %s", magic);
	TST_EXP_FD(open_resolve("link_f", RESOLVE_NO_MAGICLINKS),
		   "RESOLVE_NO_MAGICLINKS, ordinary symlink");
	check_is(TST_RET, "root/f", "RESOLVE_NO_MAGICLINKS");

	TST_EXP_FD(open_resolve("sub/../f", RESOLVE_BENEATH),
		   "RESOLVE_BENEATH, sub/../f");
	check_is(TST_RET, "root/f", "RESOLVE_BENEATH");
	TST_EXP_FAIL(open_resolve("../outside", RESOLVE_BENEATH), EXDEV,
		     "RESOLVE_BENEATH, ../outside");
	TST_EXP_FAIL(open_resolve("/", RESOLVE_BENEATH), EXDEV,
		     "RESOLVE_BENEATH, absolute path");
	TST_EXP_FAIL(open_resolve("abs_link", RESOLVE_BENEATH), EXDEV,
		     "RESOLVE_BENEATH, symlink to an absolute path");

	TST_EXP_FD(open_resolve("abs_link", RESOLVE_IN_ROOT),
		   "RESOLVE_IN_ROOT, symlink to /f");
	check_is(TST_RET, "root/f", "RESOLVE_IN_ROOT");
	TST_EXP_FD(open_resolve("../../f", RESOLVE_IN_ROOT),
		   "RESOLVE_IN_ROOT, ../../f");
	check_is(TST_RET, "root/f", "RESOLVE_IN_ROOT");
}

static void test_xdev(void)
{
	struct open_how how = { .flags = O_RDONLY, .resolve = RESOLVE_NO_XDEV };
	struct stat root_st, proc_st;

	SAFE_STAT("/", &root_st);
	SAFE_STAT("/proc", &proc_st);
	if (root_st.st_dev == proc_st.st_dev) {
		tst_res(TCONF, "/proc is not a mount of its own: "
			"RESOLVE_NO_XDEV not tested");
		return;
	}
	TST_EXP_FAIL(openat2(slash_fd, "proc/version", &how, sizeof(how)),
		     EXDEV, "RESOLVE_NO_XDEV, / to proc/version");
	TST_EXP_FD(openat2(root_fd, "sub/../f", &how, sizeof(how)),
		   "RESOLVE_NO_XDEV, a path within one mount");
	check_is(TST_RET, "root/f", "RESOLVE_NO_XDEV");
}

static void test_cached(void)
{
	struct open_how how = {
		.flags = O_RDWR | O_CREAT,
		.mode = 0600,
		.resolve = RESOLVE_CACHED,
	};

	TST_EXP_FAIL(openat2(root_fd, "cached", &how, sizeof(how)), EAGAIN,
		     "RESOLVE_CACHED with O_CREAT");
	TST_EXP_FAIL(access("root/cached", F_OK), ENOENT,
		     "access() of the name RESOLVE_CACHED was given");
}

static void run(void)
{
	test_open_how();
	test_resolve();
	test_xdev();
	test_cached();
}

static void setup(void)
{
	int fd;

	SAFE_MKDIR("root", 0700);
	SAFE_MKDIR("root/sub", 0700);
	fd = SAFE_OPEN("root/f", O_WRONLY | O_CREAT, 0600);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("outside", O_WRONLY | O_CREAT, 0600);
	SAFE_CLOSE(fd);
	if (symlink("f", "root/link_f") || symlink("/f", "root/abs_link"))
		tst_brk(TBROK | TERRNO, "symlink()");
	root_fd = SAFE_OPEN("root", O_PATH | O_DIRECTORY);
	slash_fd = SAFE_OPEN("/", O_PATH | O_DIRECTORY);
}

static void cleanup(void)
{
	if (root_fd >= 0)
		SAFE_CLOSE(root_fd);
	if (slash_fd >= 0)
		SAFE_CLOSE(slash_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
