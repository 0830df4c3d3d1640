// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * flock(2) errors, each exact, with no lock taken:
 * - EBADF: fd -1, a closed fd, an O_PATH fd;
 * - EINVAL: an operation that is none of LOCK_SH, LOCK_EX, LOCK_UN (0,
 *   LOCK_SH | LOCK_EX, LOCK_NB alone, 64);
 * - EWOULDBLOCK: LOCK_NB against a conflicting lock;
 * - EINTR: a blocking LOCK_EX interrupted by a signal whose handler has
 *   no SA_RESTART; the lock is then not granted.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "fileio.h"
#include "task_wait.h"

#define FNAME "flock02_file"
#define CHILD_DONE 0

static int fd, other_fd, path_fd, closed_fd;

static void sig_handler(int sig)
{
	(void)sig;
}

static void test_eintr(void)
{
	struct sigaction sa = { .sa_handler = sig_handler };
	pid_t pid;

	if (flock(fd, LOCK_EX))
		tst_brk(TBROK | TERRNO, "flock(LOCK_EX)");
	pid = SAFE_FORK();
	if (!pid) {
		sigaction(SIGUSR1, &sa, NULL);
		TST_EXP_FAIL(flock(other_fd, LOCK_EX), EINTR,
			     "blocking LOCK_EX interrupted by a signal");
		TST_CHECKPOINT_WAKE(CHILD_DONE);
		TST_CHECKPOINT_WAIT(CHILD_DONE);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_flock);
	SAFE_KILL(pid, SIGUSR1);
	TST_CHECKPOINT_WAIT(CHILD_DONE);
	flock(fd, LOCK_UN);
	/* The child still runs: had it been granted the lock, it holds it. */
	TST_EXP_PASS(flock(fd, LOCK_EX | LOCK_NB),
		     "LOCK_EX | LOCK_NB after the interrupted waiter");
	TST_CHECKPOINT_WAKE(CHILD_DONE);
	reap_child(pid);
	flock(fd, LOCK_UN);
}

static void run(void)
{
	TST_EXP_FAIL(flock(-1, LOCK_SH), EBADF, "flock(-1)");
	TST_EXP_FAIL(flock(closed_fd, LOCK_SH), EBADF, "flock(closed fd)");
	TST_EXP_FAIL(flock(path_fd, LOCK_SH), EBADF, "flock(O_PATH fd)");
	TST_EXP_FAIL(flock(fd, 0), EINVAL, "flock(fd, 0)");
	TST_EXP_FAIL(flock(fd, LOCK_SH | LOCK_EX), EINVAL,
		     "flock(fd, LOCK_SH | LOCK_EX)");
	TST_EXP_FAIL(flock(fd, LOCK_NB), EINVAL, "flock(fd, LOCK_NB)");
	TST_EXP_FAIL(flock(fd, 64), EINVAL, "flock(fd, 64)");
	TST_EXP_PASS(flock(other_fd, LOCK_EX | LOCK_NB),
		     "LOCK_EX through another description: nothing was locked");

	TST_EXP_FAIL(flock(fd, LOCK_SH | LOCK_NB), EWOULDBLOCK,
		     "LOCK_SH | LOCK_NB against LOCK_EX");
	flock(other_fd, LOCK_UN);
	test_eintr();
}

static void setup(void)
{
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0600);
	other_fd = SAFE_OPEN(FNAME, O_RDWR);
	path_fd = SAFE_OPEN(FNAME, O_PATH);
	closed_fd = path_fd + 100;
	if (fio_fd_is_open(closed_fd))
		tst_brk(TBROK, "fd %d is unexpectedly open", closed_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
