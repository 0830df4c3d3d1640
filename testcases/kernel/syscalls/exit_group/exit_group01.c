// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * exit_group(2), called raw, ends every thread of the process:
 * - the main thread's exit_group(5) ends a process whose two other
 *   threads sleep; waitpid() reports exit status 5 (not a signal), so no
 *   thread was left;
 * - another thread's exit_group(9) ends the main thread too, which sleeps
 *   and would write to a pipe if it ever woke: the parent reads EOF and
 *   nothing else, and the status is 9;
 * - only the low 8 bits of the value are the status (0x1ff: 0xff).
 */
#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include "task_wait.h"

static int pipefd[2];
static volatile pid_t tids[2];

static void sys_exit_group(int code)
{
	syscall(__NR_exit_group, code);
}

static void *sleeper(void *arg)
{
	char c;

	tids[(long)arg] = gettid();
	/* the write end stays open in this process: blocks for good */
	SAFE_READ(0, pipefd[0], &c, 1);
	SAFE_WRITE(1, pipefd[1], "thread woke", 11);
	return NULL;
}

static void *group_exiter(void *arg)
{
	(void)arg;
	wait_task_in_syscall(getpid(), __NR_pause);
	sys_exit_group(9);
	return NULL;
}

static pid_t start(void)
{
	SAFE_PIPE(pipefd);
	return SAFE_FORK();
}

static void finish(pid_t pid, int code, const char *what)
{
	char buf[32];
	ssize_t len;
	int status;

	SAFE_CLOSE(pipefd[1]);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == code,
		     "%s: status 0x%x, exit code %d", what, status, code);
	len = SAFE_READ(0, pipefd[0], buf, sizeof(buf));
	TST_EXP_EXPR(len == 0, "no thread ran on after exit_group() (read "
		     "%zd bytes)", len);
	SAFE_CLOSE(pipefd[0]);
}

static void run(void)
{
	pthread_t t1, t2;
	pid_t pid;

	pid = start();
	if (!pid) {
		tids[0] = tids[1] = 0;
		if (pthread_create(&t1, NULL, sleeper, (void *)0L) ||
		    pthread_create(&t2, NULL, sleeper, (void *)1L))
			tst_brk(TBROK, "pthread_create() failed");
		while (!tids[0] || !tids[1])
			usleep(1000);
		wait_task_state(getpid(), tids[0], "S");
		wait_task_state(getpid(), tids[1], "S");
		sys_exit_group(5);
		SAFE_WRITE(1, pipefd[1], "main went on", 12);
		exit(0);
	}
	finish(pid, 5, "main thread's exit_group(5), 2 other threads");

	pid = start();
	if (!pid) {
		if (pthread_create(&t1, NULL, group_exiter, NULL))
			tst_brk(TBROK, "pthread_create() failed");
		syscall(__NR_pause);
		SAFE_WRITE(1, pipefd[1], "main woke", 9);
		exit(0);
	}
	finish(pid, 9, "a thread's exit_group(9), main thread in pause()");

	pid = start();
	if (!pid)
		sys_exit_group(0x1ff);
	finish(pid, 0xff, "exit_group(0x1ff)");
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};
