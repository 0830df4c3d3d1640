// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getpid() is the process's id everywhere it shows: the raw system call,
 * the /proc/self link, fork()'s return value in the parent, the same in
 * every thread; a child's differs from its parent's.
 */
#include <pthread.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include "task_wait.h"

static pid_t *shared;
static pid_t thread_pid;

static void *thread_fn(void *arg)
{
	(void)arg;
	thread_pid = getpid();
	return NULL;
}

static void run(void)
{
	char link[64];
	pthread_t thread;
	ssize_t len;
	pid_t pid;
	int ret;

	TST_EXP_EQ_LI(getpid(), syscall(SYS_getpid));
	len = readlink("/proc/self", link, sizeof(link) - 1);
	if (len < 0)
		tst_brk(TBROK | TERRNO, "readlink(/proc/self)");
	link[len] = 0;
	TST_EXP_EQ_LI(getpid(), atol(link));

	pid = SAFE_FORK();
	if (!pid) {
		*shared = getpid();
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EXPR(*shared == pid && pid != getpid(), "the child's getpid()"
		     " %d is fork()'s return %d, not the parent's %d", *shared,
		     pid, getpid());

	ret = pthread_create(&thread, NULL, thread_fn, NULL);
	if (ret)
		tst_brk(TBROK, "pthread_create(): %s", tst_strerrno(ret));
	pthread_join(thread, NULL);
	TST_EXP_EQ_LI(thread_pid, getpid());
}

static void setup(void)
{
	shared = SAFE_MMAP(NULL, sizeof(pid_t), PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
};
