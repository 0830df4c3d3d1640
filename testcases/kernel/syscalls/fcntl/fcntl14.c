// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pipe capacity limits (F_GETPIPE_SZ, F_SETPIPE_SZ) and their sysctls:
 * - with fs.pipe-max-size below the default 64 KiB, a new pipe of an
 *   unprivileged user starts at pipe-max-size, root's at 64 KiB
 *   (086e774a57fb);
 * - F_SETPIPE_SZ above pipe-max-size is EPERM for the unprivileged user
 *   and allowed for root; a size smaller than the data queued is EBUSY;
 *   sizes round up to a power of two pages;
 * - fs.pipe-user-pages-soft: once the user's pipes hold that many pages,
 *   its new pipes get 2 pages; fs.pipe-user-pages-hard: past it, pipe()
 *   fails with ENFILE for the unprivileged user.
 * Syscalls: fcntl, pipe
 */
#include <stdlib.h>
#include "tst_test.h"
#include "as_nobody.h"

#define MAX_SIZE "/proc/sys/fs/pipe-max-size"
#define SOFT "/proc/sys/fs/pipe-user-pages-soft"
#define HARD "/proc/sys/fs/pipe-user-pages-hard"

static long page;

static int pipe_size(int fd)
{
	int sz = fcntl(fd, F_GETPIPE_SZ);

	if (sz < 0)
		tst_brk(TBROK | TERRNO, "F_GETPIPE_SZ");
	return sz;
}

static void nobody_max(void)
{
	int p[2];

	SAFE_PIPE(p);
	TST_EXP_EXPR(pipe_size(p[0]) == 2 * page, "nobody's new pipe: %d "
		     "bytes, the pipe-max-size %ld", pipe_size(p[0]),
		     2 * page);
	TST_EXP_FAIL(fcntl(p[0], F_SETPIPE_SZ, 4 * page), EPERM,
		     "F_SETPIPE_SZ above pipe-max-size as nobody");
	TST_EXP_VAL(fcntl(p[0], F_SETPIPE_SZ, 1), page, "F_SETPIPE_SZ(1) "
		    "gives one page");
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void test_max_size(void)
{
	char buf[4096] = "";
	int p[2], i;

	SAFE_FILE_PRINTF(MAX_SIZE, "%ld", 2 * page);
	SAFE_PIPE(p);
	TST_EXP_EXPR(pipe_size(p[0]) == 16 * page, "root's new pipe: %d "
		     "bytes (16 pages)", pipe_size(p[0]));
	TST_EXP_VAL(fcntl(p[0], F_SETPIPE_SZ, 3 * page), 4 * page,
		    "root: F_SETPIPE_SZ(3 pages) above pipe-max-size rounds "
		    "to 4 pages");
	for (i = 0; i < 3; i++)
		SAFE_WRITE(1, p[1], buf, page);
	TST_EXP_FAIL(fcntl(p[0], F_SETPIPE_SZ, 2 * page), EBUSY,
		     "F_SETPIPE_SZ below the 3 pages queued");
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
	run_in_nobody_child(nobody_max, "the checks as nobody");
	SAFE_FILE_PRINTF(MAX_SIZE, "%d", 1048576);
}

static void nobody_pages(void)
{
	int a[2], b[2], c[2];

	SAFE_PIPE(a);
	TST_EXP_EXPR(pipe_size(a[0]) == 16 * page, "first pipe at the soft "
		     "limit: 16 pages (%d bytes)", pipe_size(a[0]));
	SAFE_PIPE(b);
	TST_EXP_EXPR(pipe_size(b[0]) == 2 * page, "second pipe past the soft "
		     "limit: 2 pages (%d bytes)", pipe_size(b[0]));
	TST_EXP_FAIL(pipe(c), ENFILE, "third pipe past the hard limit");
	SAFE_CLOSE(b[0]);
	SAFE_CLOSE(b[1]);
	SAFE_CLOSE(a[0]);
	SAFE_CLOSE(a[1]);
	TST_EXP_PASS(pipe(c), "a pipe again once the others are closed");
	SAFE_CLOSE(c[0]);
	SAFE_CLOSE(c[1]);
}

static void test_user_pages(void)
{
	SAFE_FILE_PRINTF(SOFT, "16");
	SAFE_FILE_PRINTF(HARD, "18");
	run_in_nobody_child(nobody_pages, "the checks as nobody");
	SAFE_FILE_PRINTF(HARD, "0");
	SAFE_FILE_PRINTF(SOFT, "16384");
}

static void run(unsigned int n)
{
	if (!n)
		test_max_size();
	else
		test_user_pages();
}

static void setup(void)
{
	page = sysconf(_SC_PAGESIZE);
	if (page != 4096)
		tst_brk(TCONF, "the sizes here assume 4 KiB pages");
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{MAX_SIZE, NULL, 0},
		{SOFT, NULL, 0},
		{HARD, NULL, 0},
		{NULL, NULL, 0}
	},
	.tags = (const struct tst_tag[]) {
		/* pipe: cap initial pipe capacity according to pipe-max-size */
		{"linux-git", "086e774a57fb"},
		{}
	},
};
