// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * readlinkat(2) errors, each with its exact errno and the buffer left
 * untouched, and the order of the checks of fs/stat.c do_readlinkat() in
 * 6.1 and 6.12:
 * - EINVAL for bufsiz 0 even with an unreadable path (the size is
 *   checked first), and for a regular file;
 * - EFAULT for an unreadable path, and for an unwritable buffer with a
 *   valid link;
 * - ELOOP through a symlink loop (while the loop's own link reads back
 *   its target: the last component is not followed);
 * - ENAMETOOLONG for a name of NAME_MAX + 1 bytes and a path of PATH_MAX
 *   bytes;
 * - ENOENT for an empty path and for a missing name;
 * - EACCES as nobody below root's 0700 directory.
 */
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include "tst_test.h"
#include "fsmeta.h"

#define BUF_FILL 0x5a

static void *bad;
static int dfd = -1;

#define BAD_PTR ((const char *)1)
#define LONG_NAME ((const char *)2)
#define LONG_PATH ((const char *)3)

static struct tcase {
	const char *path;
	int bufsiz;
	int bad_buf;
	int exp_errno;
	int nobody;
	const char *desc;
} tcases[] = {
	{ BAD_PTR, 0, 0, EINVAL, 0, "bufsiz 0, unreadable path" },
	{ "link", 0, 0, EINVAL, 0, "bufsiz 0" },
	{ "file", 64, 0, EINVAL, 0, "a regular file" },
	{ BAD_PTR, 64, 0, EFAULT, 0, "an unreadable path" },
	{ "link", 64, 1, EFAULT, 0, "an unwritable buffer" },
	{ "loop_a/x", 64, 0, ELOOP, 0, "through a symlink loop" },
	{ LONG_NAME, 64, 0, ENAMETOOLONG, 0, "a too long name" },
	{ LONG_PATH, 64, 0, ENAMETOOLONG, 0, "a too long path" },
	{ "", 64, 0, ENOENT, 0, "an empty path" },
	{ "missing", 64, 0, ENOENT, 0, "a missing name" },
	{ "priv/link", 64, 0, EACCES, 1, "below root's 0700 directory" },
};

static const char *arg(const char *p)
{
	if (p == BAD_PTR)
		return bad;
	if (p == LONG_NAME)
		return fsm_long_name();
	if (p == LONG_PATH)
		return fsm_long_path();
	return p;
}

static struct tcase *cur;

static void try_read(void)
{
	char buf[64];
	int i, intact = 1;

	memset(buf, BUF_FILL, sizeof(buf));
	TST_EXP_FAIL(readlinkat(dfd, arg(cur->path), cur->bad_buf ? bad : buf,
				cur->bufsiz), cur->exp_errno,
		     "readlinkat(%s%s)", cur->desc,
		     cur->nobody ? ", as nobody" : "");
	for (i = 0; i < (int)sizeof(buf); i++)
		intact &= buf[i] == BUF_FILL;
	TST_EXP_EXPR(intact, "the buffer is untouched");
}

static void run(unsigned int n)
{
	char buf[16] = "";

	cur = &tcases[n];
	if (cur->nobody)
		fsm_as_nobody(try_read);
	else
		try_read();
	if (!strcmp(cur->desc, "through a symlink loop"))
		TST_EXP_EXPR(readlinkat(dfd, "loop_a", buf, sizeof(buf)) == 6 &&
			     !memcmp(buf, "loop_b", 6),
			     "readlinkat(\"loop_a\") reads \"loop_b\"");
}

static void setup(void)
{
	bad = fsm_bad_addr();
	SAFE_MKDIR("d", 0755);
	SAFE_MKDIR("d/priv", 0700);
	fsm_create_file("d/file", 0644, "x");
	FSM_SAFE(symlink("file", "d/link"));
	FSM_SAFE(symlink("../file", "d/priv/link"));
	/* two links naming each other, relative to their directory */
	FSM_SAFE(symlink("loop_b", "d/loop_a"));
	FSM_SAFE(symlink("loop_a", "d/loop_b"));
	dfd = SAFE_OPEN("d", O_RDONLY | O_DIRECTORY);
}

static void cleanup(void)
{
	if (dfd >= 0)
		SAFE_CLOSE(dfd);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
