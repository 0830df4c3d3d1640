// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pathconf(3) fails as the statfs(2) it is made of fails, with the
 * kernel's errno, for each name answered from the filesystem
 * (_PC_LINK_MAX, upstream's name 0; _PC_NAME_MAX; _PC_FILESIZEBITS;
 * _PC_REC_XFER_ALIGN); the raw statfs syscall of each path fails with
 * the same errno:
 *  - ENOTDIR: a regular file used as a directory;
 *  - ENOENT: an empty path, a missing one;
 *  - ENAMETOOLONG: a path of PATH_MAX bytes, a name of NAME_MAX + 1;
 *  - ELOOP: a symbolic link loop;
 *  - EACCES: as nobody, a path through a directory it may not search
 *    (upstream makes the tmpdir mode 0);
 * and an unknown name (-1, 12345) on a good path is EINVAL.
 * Syscalls: statfs
 */
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>
#include "tst_test.h"
#include "as_nobody.h"

static const struct {
	int name;
	const char *str;
} names[] = {
	{ _PC_LINK_MAX, "_PC_LINK_MAX" },
	{ _PC_NAME_MAX, "_PC_NAME_MAX" },
	{ _PC_FILESIZEBITS, "_PC_FILESIZEBITS" },
	{ _PC_REC_XFER_ALIGN, "_PC_REC_XFER_ALIGN" },
};

static char long_path[PATH_MAX + 1], long_name[NAME_MAX + 2];

static void expect(const char *path, int err, const char *what)
{
	struct statfs sf;
	unsigned int i;
	long ret;

	errno = 0;
	ret = syscall(__NR_statfs, path, &sf);
	TST_EXP_EXPR(ret == -1 && errno == err, "the kernel's statfs() of %s: "
		     "%s (want %s)", what, tst_strerrno(errno),
		     tst_strerrno(err));
	for (i = 0; i < ARRAY_SIZE(names); i++)
		TST_EXP_FAIL(pathconf(path, names[i].name), err,
			     "pathconf(%s, %s)", what, names[i].str);
}

static void as_nobody(void)
{
	expect("locked/file", EACCES, "a path through a directory nobody "
	       "may not search");
}

static void run(void)
{
	expect("file/file", ENOTDIR, "a file as a directory");
	expect("", ENOENT, "\"\"");
	expect("missing", ENOENT, "a missing path");
	expect(long_path, ENAMETOOLONG, "a path of PATH_MAX bytes");
	expect(long_name, ENAMETOOLONG, "a name of NAME_MAX + 1 bytes");
	expect("loop", ELOOP, "a symbolic link loop");
	run_in_nobody_child(as_nobody, "the EACCES case");
	TST_EXP_FAIL(pathconf(".", -1), EINVAL, "pathconf(\".\", -1)");
	TST_EXP_FAIL(pathconf(".", 12345), EINVAL, "pathconf(\".\", 12345)");
}

static void setup(void)
{
	int fd, i;

	fd = SAFE_OPEN("file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	SAFE_MKDIR("locked", 0700);
	fd = SAFE_OPEN("locked/file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	if (symlink("loop", "loop"))
		tst_brk(TBROK | TERRNO, "symlink()");
	/* "a/a/.../a" of PATH_MAX bytes, no NUL within */
	for (i = 0; i < PATH_MAX; i++)
		long_path[i] = i % 2 ? '/' : 'a';
	long_path[PATH_MAX - 1] = 'a';
	memset(long_name, 'n', NAME_MAX + 1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
