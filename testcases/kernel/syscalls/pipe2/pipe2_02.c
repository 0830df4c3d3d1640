// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pipe2(2) errors, each exact, and no descriptor leaks from a failure:
 * - EINVAL: a flag pipe2() does not take (O_APPEND, O_RDWR, O_TRUNC,
 *   bit 30);
 * - EFAULT: the fd array in an unmapped page;
 * - EMFILE: only one fd below RLIMIT_NOFILE free.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fileio.h"

#define LIMIT 32

static struct tcase {
	int flags;
	const char *desc;
} tcases[] = {
	{ O_APPEND, "O_APPEND" },
	{ O_RDWR, "O_RDWR" },
	{ O_TRUNC, "O_TRUNC" },
	{ O_CLOEXEC | (1 << 30), "O_CLOEXEC | bit 30" },
};

static int lowest_free(void)
{
	int fd = SAFE_OPEN("/dev/null", O_RDONLY);
	int ret = fd;

	SAFE_CLOSE(fd);
	return ret;
}

static void test_emfile(void)
{
	int fd, status, fds[2];
	pid_t pid = SAFE_FORK();

	if (pid) {
		SAFE_WAITPID(pid, &status, 0);
		return;
	}
	fio_set_nofile(LIMIT);
	while (open("/dev/null", O_RDONLY) >= 0)
		;
	fd = LIMIT - 1;
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(pipe2(fds, O_CLOEXEC), EMFILE,
		     "pipe2(O_CLOEXEC) with one free fd");
	TST_EXP_EQ_LI(lowest_free(), LIMIT - 1);
	exit(0);
}

static void run(void)
{
	int before = lowest_free();
	int fds[2];
	unsigned int i;

	for (i = 0; i < sizeof(tcases) / sizeof(tcases[0]); i++) {
		TST_EXP_FAIL(pipe2(fds, tcases[i].flags), EINVAL, "pipe2(%s)",
			     tcases[i].desc);
	}
	TST_EXP_FAIL(pipe2(fio_bad_addr(), O_NONBLOCK), EFAULT,
		     "pipe2(unmapped page, O_NONBLOCK)");
	TST_EXP_EQ_LI(lowest_free(), before);
	test_emfile();
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};
