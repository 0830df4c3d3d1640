// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getcwd(2) at the PATH_MAX edge: the kernel builds the path in one
 * PATH_MAX buffer (fs/d_path.c), the trailing NUL included. A working
 * directory whose absolute path is PATH_MAX - 1 bytes long still fits:
 * getcwd() returns PATH_MAX and the path. One byte longer (PATH_MAX bytes
 * without the NUL) is ENAMETOOLONG, however large the caller's buffer,
 * and the buffer is left as it was. The directories are reached with
 * relative chdir() one component at a time.
 * Syscalls: getcwd
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "tst_test.h"

#define MAX_DEPTH 64

static char names[MAX_DEPTH][NAME_MAX + 1];
static int depth;
static char top[PATH_MAX];
static char buf[2 * PATH_MAX];

static long sys_getcwd(char *b, size_t size)
{
	return tst_syscall(__NR_getcwd, b, size);
}

/* mkdir and enter a directory named by len copies of c. */
static void enter(size_t len, char c)
{
	if (depth == MAX_DEPTH)
		tst_brk(TBROK, "too deep");
	memset(names[depth], c, len);
	names[depth][len] = 0;
	SAFE_MKDIR(names[depth], 0755);
	if (chdir(names[depth]))
		tst_brk(TBROK | TERRNO, "chdir(%s)", names[depth]);
	depth++;
}

static void leave(void)
{
	depth--;
	if (chdir(".."))
		tst_brk(TBROK | TERRNO, "chdir(..)");
	SAFE_RMDIR(names[depth]);
}

static void run(void)
{
	size_t len = strlen(top), want = PATH_MAX - 1, last;

	/*
	 * Components of 200 bytes until a last one of at most NAME_MAX - 1
	 * bytes (and at least 54) completes the path.
	 */
	while (want - len > NAME_MAX) {
		enter(200, 'd');
		len += 201;
	}
	/* The last one makes the path PATH_MAX - 1 bytes long. */
	last = want - len - 1;
	enter(last, 'e');

	memset(buf, 'x', sizeof(buf));
	TST_EXP_VAL(sys_getcwd(buf, sizeof(buf)), PATH_MAX,
		    "getcwd() of a %d byte path", PATH_MAX - 1);
	TST_EXP_EXPR(strlen(buf) == PATH_MAX - 1 && !strncmp(buf, top,
							  strlen(top)),
		     "the path returned is the working directory's");

	/* A sibling one byte longer: PATH_MAX bytes without the NUL. */
	leave();
	enter(last + 1, 'f');
	memset(buf, 'x', sizeof(buf));
	TST_EXP_FAIL(sys_getcwd(buf, sizeof(buf)), ENAMETOOLONG,
		     "getcwd() of a %d byte path, %zu byte buffer", PATH_MAX,
		     sizeof(buf));
	TST_EXP_EXPR(buf[0] == 'x' && buf[sizeof(buf) - 1] == 'x',
		     "the buffer is untouched");

	while (depth)
		leave();
	if (chdir(top))
		tst_brk(TBROK | TERRNO, "chdir(%s)", top);
}

static void setup(void)
{
	if (!getcwd(top, sizeof(top)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	if (strlen(top) > PATH_MAX - 2 * (NAME_MAX + 2))
		tst_brk(TCONF, "tmpdir path too long: %s", top);
}

static void cleanup(void)
{
	/* Leave no tree deeper than PATH_MAX for the harness to remove. */
	while (depth) {
		depth--;
		if (chdir("..") || rmdir(names[depth]))
			tst_res(TWARN | TERRNO, "removing %s", names[depth]);
	}
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
