// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * creat(2) errors, each exact, nothing created: EISDIR (a directory),
 * ENOENT (missing directory, empty path), ENOTDIR (a file as a path
 * component), ELOOP (symlink loop), ENAMETOOLONG, EFAULT, and as an
 * unprivileged user EACCES (no write permission on the file, no write
 * permission on the directory).
 */
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"

static char long_name[NAME_MAX + 2];
static char *bad_addr;

static struct tcase {
	const char *path;	/* NULL: bad_addr */
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ "dir", EISDIR, "a directory" },
	{ "missing/f", ENOENT, "in a missing directory" },
	{ "", ENOENT, "empty path" },
	{ "file/f", ENOTDIR, "a file as a path component" },
	{ "loop1", ELOOP, "a symlink loop" },
	{ long_name, ENAMETOOLONG, "a NAME_MAX + 1 name" },
	{ NULL, EFAULT, "path in an unmapped page" },
}, nobody_cases[] = {
	{ "file", EACCES, "a 0644 root file" },
	{ "dir/f", EACCES, "a new file in a 0755 root directory" },
};

static void check(struct tcase *tc)
{
	TST_EXP_FAIL(creat(tc->path ? tc->path : bad_addr, 0600),
		     tc->exp_errno, "creat(%s)", tc->desc);
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
}

static void test_nobody(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(nobody_cases) / sizeof(nobody_cases[0]); i++)
		check(&nobody_cases[i]);
}

static void run(void)
{
	struct stat st;
	unsigned int i;

	for (i = 0; i < sizeof(tcases) / sizeof(tcases[0]); i++)
		check(&tcases[i]);
	fio_as_nobody(test_nobody);

	SAFE_STAT("file", &st);
	TST_EXP_EQ_LI(st.st_size, 1);
	TST_EXP_FAIL(access("dir/f", F_OK), ENOENT,
		     "access() of the name creat() could not create");
}

static void setup(void)
{
	int fd;

	memset(long_name, 'n', NAME_MAX + 1);
	bad_addr = fio_bad_addr();
	umask(0);
	SAFE_MKDIR("dir", 0755);
	fd = SAFE_OPEN("file", O_WRONLY | O_CREAT, 0644);
	SAFE_WRITE(1, fd, "x", 1);
	SAFE_CLOSE(fd);
	if (symlink("loop2", "loop1") || symlink("loop1", "loop2"))
		tst_brk(TBROK | TERRNO, "symlink()");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
