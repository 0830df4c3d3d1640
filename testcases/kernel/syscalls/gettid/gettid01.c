// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gettid() of the main thread is the pid; another thread has its own tid,
 * different from the pid and from every other thread's, listed under
 * /proc/self/task, and /proc/thread-self names it.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include "tst_test.h"

#define NTHREADS	2

static pid_t tids[NTHREADS];
static char links[NTHREADS][64];

static void *thread_fn(void *arg)
{
	long i = (long)arg;
	ssize_t len;

	tids[i] = gettid();
	len = readlink("/proc/thread-self", links[i], sizeof(links[i]) - 1);
	if (len > 0)
		links[i][len] = 0;
	/* both threads alive together, so their tids are both live */
	TST_CHECKPOINT_WAKE_AND_WAIT(i);
	return NULL;
}

static void run(void)
{
	pthread_t threads[NTHREADS];
	char path[64], want[64];
	long i;
	int ret;

	TST_EXP_EQ_LI(gettid(), getpid());
	TST_EXP_EQ_LI(gettid(), syscall(SYS_gettid));
	for (i = 0; i < NTHREADS; i++) {
		ret = pthread_create(&threads[i], NULL, thread_fn, (void *)i);
		if (ret)
			tst_brk(TBROK, "pthread_create(): %s",
				tst_strerrno(ret));
		TST_CHECKPOINT_WAIT(i);
	}
	for (i = 0; i < NTHREADS; i++) {
		snprintf(path, sizeof(path), "/proc/self/task/%d", tids[i]);
		snprintf(want, sizeof(want), "%d/task/%d", getpid(), tids[i]);
		TST_EXP_EXPR(tids[i] != getpid() && access(path, F_OK) == 0,
			     "thread %ld: tid %d is not the pid and is in "
			     "/proc/self/task", i, tids[i]);
		TST_EXP_EXPR(!strcmp(links[i], want), "its /proc/thread-self is"
			     " '%s' (expected '%s')", links[i], want);
	}
	TST_EXP_EXPR(tids[0] != tids[1], "the two threads' tids differ");
	for (i = 0; i < NTHREADS; i++) {
		TST_CHECKPOINT_WAKE(i);
		pthread_join(threads[i], NULL);
	}
}

static struct tst_test test = {
	.test_all = run,
	.needs_checkpoints = 1,
};
