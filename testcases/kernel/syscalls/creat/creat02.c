// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * creat(2) errors, each exact, nothing created: EISDIR (a directory),
 * ENOENT (missing directory, empty path), ENOTDIR (a file as a path
 * component), ELOOP (symlink loop), ENAMETOOLONG, EFAULT, and as an
 * unprivileged user EACCES (no write permission on the file, no write
 * permission on the directory). On a read-only tmpfs (ro_tmpfs.h, root
 * only): EROFS for a new name and for an existing file (it would be
 * truncated), also for nobody (EROFS, not EACCES: the read-only mount
 * is checked before the modes); a directory is still EISDIR and a
 * missing parent ENOENT (checked first); nothing on it changes.
 */
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"
#include "ro_tmpfs.h"

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

static struct tcase ro_cases[] = {
	{ RO_NEW, EROFS, "a new name on a ro fs" },
	{ RO_FILE, EROFS, "an existing file on a ro fs" },
	{ RO_LINK, EROFS, "a symlink to a file on a ro fs" },
	{ RO_SUBDIR, EISDIR, "a directory on a ro fs" },
	{ RO_MISSING "/f", ENOENT, "a missing directory on a ro fs" },
}, ro_nobody_cases[] = {
	{ RO_NEW, EROFS, "a new name in root's 0755 dir on a ro fs" },
	{ RO_FILE, EROFS, "root's 0644 file on a ro fs" },
};

static void nobody_erofs(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(ro_nobody_cases) / sizeof(ro_nobody_cases[0]);
	     i++)
		check(&ro_nobody_cases[i]);
}

static void erofs(void)
{
	unsigned int i;

	if (!rofs_ready())
		return;
	for (i = 0; i < sizeof(ro_cases) / sizeof(ro_cases[0]); i++)
		check(&ro_cases[i]);
	fio_as_nobody(nobody_erofs);
	rofs_unchanged();
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
	erofs();
}

static void setup(void)
{
	int fd;

	rofs_setup();
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

static void cleanup(void)
{
	rofs_cleanup();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
