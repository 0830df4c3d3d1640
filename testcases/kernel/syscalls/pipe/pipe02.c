// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pipe(2) errors, each exact, and no descriptor leaks from a failure:
 * - EFAULT: the fd array in an unmapped page (the lowest free fd stays
 *   free);
 * - EMFILE: only one fd below RLIMIT_NOFILE free (a pipe needs two; the
 *   free one stays free).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fileio.h"
#include "legacy_raw.h"

#define LIMIT 32

/* The lowest free fd, without leaving it open. */
static int lowest_free(void)
{
	int fd = SAFE_OPEN("/dev/null", O_RDONLY);
	int ret = fd;

	SAFE_CLOSE(fd);
	return ret;
}

static void test_emfile(void)
{
	int fd, fds[2];
	pid_t pid = SAFE_FORK();

	if (pid) {
		reap_child(pid);
		return;
	}
	fio_set_nofile(LIMIT);
	while ((fd = open("/dev/null", O_RDONLY)) >= 0)
		;
	fd = LIMIT - 1;
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(sys_pipe(fds), EMFILE, "pipe() with one free fd");
	TST_EXP_EQ_LI(lowest_free(), LIMIT - 1);
	exit(0);
}

static void run(void)
{
	int before = lowest_free();

	TST_EXP_FAIL(sys_pipe(fio_bad_addr()), EFAULT, "pipe(unmapped page)");
	TST_EXP_EQ_LI(lowest_free(), before);
	test_emfile();
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};
