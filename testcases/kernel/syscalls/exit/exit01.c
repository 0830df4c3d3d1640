// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * exit(2), the raw syscall (the C library's _exit() is exit_group), ends
 * only the calling thread:
 * - a single-threaded child's exit(0x1234 + n) is its exit status, the low
 *   8 bits of the value;
 * - a thread that calls it ends while the main thread goes on: the thread
 *   leaves /proc/self/task, its join returns (the kernel cleared the tid
 *   as CLONE_CHILD_CLEARTID asks), and the process ends normally later;
 * - when the main thread calls it, another thread goes on running (it
 *   sees the main thread as a zombie and reports through a pipe); the
 *   process is not reaped while that thread lives (waitpid(WNOHANG) is 0),
 *   and then exits with a plain exit status: the value of the thread that
 *   exited last (3), not the main thread's (7), as synchronize_group_exit()
 *   in kernel/exit.c makes it in 6.1 and 6.12 (older kernels reported the
 *   main thread's value: there either is accepted).
 */
#include <dirent.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include "task_wait.h"

static int pipefd[2];

static void sys_exit(int code)
{
	syscall(__NR_exit, code);
}

static int nr_tasks(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(/proc/self/task)");
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

/*
 * The number of tasks once it has dropped to want, or the last count seen
 * after 10 s times LTP_TIMEOUT_MUL. pthread_join() returns when the
 * kernel clears the exiting thread's tid (CLONE_CHILD_CLEARTID, in
 * exit_mm()), which is before the thread is unhashed from the thread
 * group in release_task(): for a moment it is still in /proc/self/task.
 */
static int wait_nr_tasks(int want)
{
	long long deadline = task_wait_now_ms() + 10000 * tst_timeout_mul();
	int n;

	while ((n = nr_tasks()) != want && task_wait_now_ms() < deadline)
		usleep(1000);
	return n;
}

static void single(void)
{
	pid_t pid;
	int status;

	pid = SAFE_FORK();
	if (!pid) {
		sys_exit(0x1234 + 5);
		tst_brk(TBROK | TERRNO, "exit() returned");
	}
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == 0x39,
		     "exit(0x1239): status 0x%x, exit code 0x39", status);
}

static void *exiting_thread(void *arg)
{
	(void)arg;
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	sys_exit(3);
	return NULL;
}

static void thread_exits(void)
{
	pthread_t thread;
	pid_t pid;
	int ret;

	pid = SAFE_FORK();
	if (!pid) {
		ret = pthread_create(&thread, NULL, exiting_thread, NULL);
		if (ret)
			tst_brk(TBROK, "pthread_create(): %s",
				tst_strerrno(ret));
		TST_CHECKPOINT_WAIT(0);
		TST_EXP_EQ_LI(nr_tasks(), 2);
		TST_CHECKPOINT_WAKE(0);
		pthread_join(thread, NULL);
		TST_EXP_EQ_LI(wait_nr_tasks(1), 1);
		tst_res(TPASS, "the main thread goes on after its thread's "
			"exit()");
		exit(0);
	}
	reap_child(pid);
}

static void *surviving_thread(void *arg)
{
	pid_t leader = getpid();

	(void)arg;
	wait_task_state(leader, leader, "Z");
	SAFE_WRITE(1, pipefd[1], "alive", 5);
	TST_CHECKPOINT_WAIT(0);
	sys_exit(3);
	return NULL;
}

static void leader_exits(void)
{
	pthread_t thread;
	char buf[8] = {0};
	int status, ret, want;
	pid_t pid;

	SAFE_PIPE(pipefd);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(pipefd[0]);
		ret = pthread_create(&thread, NULL, surviving_thread, NULL);
		if (ret)
			tst_brk(TBROK, "pthread_create(): %s",
				tst_strerrno(ret));
		sys_exit(7);
		tst_brk(TBROK | TERRNO, "exit() returned");
	}
	SAFE_CLOSE(pipefd[1]);
	SAFE_READ(1, pipefd[0], buf, 5);
	TST_EXP_EXPR(!strcmp(buf, "alive"), "a thread runs after the main "
		     "thread's exit() (read '%s')", buf);
	TST_EXP_VAL(waitpid(pid, &status, WNOHANG), 0,
		    "waitpid(WNOHANG) while a thread lives");
	TST_CHECKPOINT_WAKE(0);
	SAFE_WAITPID(pid, &status, 0);
	want = tst_kvercmp(6, 1, 0) >= 0 ? 3 : -1;
	TST_EXP_EXPR(WIFEXITED(status) && (WEXITSTATUS(status) == 3 ||
		     (want < 0 && WEXITSTATUS(status) == 7)),
		     "exit status 0x%x: exit code of the last thread 3 (main "
		     "thread 7)", status);
	SAFE_CLOSE(pipefd[0]);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		single();
		break;
	case 1:
		thread_exits();
		break;
	case 2:
		leader_exits();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
