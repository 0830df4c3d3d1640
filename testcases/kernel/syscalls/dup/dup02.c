// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dup(2) errors, each exact:
 * - EBADF: fd -1, a closed fd;
 * - EMFILE: every fd below RLIMIT_NOFILE in use (in a child with a low
 *   limit); an O_PATH fd, on the other hand, can be duplicated.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fileio.h"

#define LIMIT 32

static void test_emfile(void)
{
	int fd;
	pid_t pid = SAFE_FORK();

	if (pid) {
		reap_child(pid);
		return;
	}
	fio_set_nofile(LIMIT);
	fd = SAFE_OPEN(".", O_RDONLY);
	while (dup(fd) >= 0)
		;
	TST_EXP_FAIL(dup(fd), EMFILE, "dup() with all %d fds in use", LIMIT);
	exit(0);
}

static void run(void)
{
	int fd = SAFE_OPEN(".", O_PATH);
	int closed = fd + 100;

	TST_EXP_FAIL(dup(-1), EBADF, "dup(-1)");
	if (fio_fd_is_open(closed))
		tst_brk(TBROK, "fd %d is unexpectedly open", closed);
	TST_EXP_FAIL(dup(closed), EBADF, "dup() of a closed fd");
	TST_EXP_FD(dup(fd), "dup() of an O_PATH fd");
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	SAFE_CLOSE(fd);
	test_emfile();
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
