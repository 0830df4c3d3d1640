// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(2) F_SETLKW waits for a conflicting POSIX lock, and only for as
 * long as it must:
 * - it sleeps while another process holds the lock, and returns 0 with
 *   the lock granted once that process unlocks;
 * - EDEADLK when the wait would close a cycle: A holds x and waits for y,
 *   B holds y and asks for x;
 * - EINTR when a signal whose handler has no SA_RESTART arrives while it
 *   waits, and then the lock is not granted.
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "fcntl_lock.h"
#include "task_wait.h"

#define FNAME "fcntl04_file"
#define CHILD_READY 0
#define PARENT_DONE 1

/* What glibc's fcntl() calls: fcntl64 where it exists. */
#ifdef __NR_fcntl64
# define NR_FCNTL __NR_fcntl64
#else
# define NR_FCNTL __NR_fcntl
#endif

static int fd = -1;

static void sig_handler(int sig)
{
	(void)sig;
}

static void test_wait(void)
{
	pid_t pid;

	SAFE_LOCK(fd, F_SETLK, F_WRLCK, 0, 10);
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_PASS(lock_op(fd, F_SETLKW, F_WRLCK, 0, 10),
			     "F_SETLKW on a range another process holds");
		TST_CHECKPOINT_WAKE(CHILD_READY);
		TST_CHECKPOINT_WAIT(PARENT_DONE);
		exit(0);
	}
	wait_task_in_syscall(pid, NR_FCNTL);
	tst_res(TINFO, "the child sleeps in F_SETLKW; unlocking");
	SAFE_LOCK(fd, F_SETLK, F_UNLCK, 0, 10);
	TST_CHECKPOINT_WAIT(CHILD_READY);
	check_getlk(fd, F_GETLK, F_RDLCK, 0, 10, F_WRLCK, 0, 10, pid);
	TST_CHECKPOINT_WAKE(PARENT_DONE);
	reap_child(pid);
}

static void test_deadlock(void)
{
	pid_t pid;

	SAFE_LOCK(fd, F_SETLK, F_WRLCK, 0, 1);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_LOCK(fd, F_SETLK, F_WRLCK, 1, 1);
		TST_CHECKPOINT_WAKE(CHILD_READY);
		/* Waits for byte 0 until the parent gives up. */
		SAFE_LOCK(fd, F_SETLKW, F_WRLCK, 0, 1);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(CHILD_READY);
	wait_task_in_syscall(pid, NR_FCNTL);
	TST_EXP_FAIL(lock_op(fd, F_SETLKW, F_WRLCK, 1, 1), EDEADLK,
		     "F_SETLKW closing a wait cycle");
	SAFE_LOCK(fd, F_SETLK, F_UNLCK, 0, 1);
	reap_child(pid);
}

static void test_eintr(void)
{
	struct sigaction sa = { .sa_handler = sig_handler };
	pid_t pid;

	SAFE_LOCK(fd, F_SETLK, F_WRLCK, 0, 10);
	pid = SAFE_FORK();
	if (!pid) {
		sigaction(SIGUSR1, &sa, NULL);
		TST_EXP_FAIL(lock_op(fd, F_SETLKW, F_WRLCK, 5, 1), EINTR,
			     "F_SETLKW interrupted by a signal");
		TST_CHECKPOINT_WAKE(CHILD_READY);
		TST_CHECKPOINT_WAIT(PARENT_DONE);
		exit(0);
	}
	wait_task_in_syscall(pid, NR_FCNTL);
	SAFE_KILL(pid, SIGUSR1);
	TST_CHECKPOINT_WAIT(CHILD_READY);
	SAFE_LOCK(fd, F_SETLK, F_UNLCK, 0, 10);
	check_getlk(fd, F_GETLK, F_WRLCK, 0, 10, F_UNLCK, 0, 0, 0);
	TST_CHECKPOINT_WAKE(PARENT_DONE);
	reap_child(pid);
}

static void run(void)
{
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	test_wait();
	test_deadlock();
	test_eintr();
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
