// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_setscope(): PTHREAD_SCOPE_SYSTEM (the default on Linux)
 * is read back and threads created with it are scheduled by the kernel
 * as tasks of their own (a distinct TID under /proc/self/task, the same
 * process ID); PTHREAD_SCOPE_PROCESS is not supported by Linux and fails
 * with [ENOTSUP] (an implementation may fail so when it supports only
 * one scope), any other value with [EINVAL]; the setting is kept.
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile int tid;

static void *thread(void *arg)
{
	char path[64];

	if (getpid() != (pid_t)(long)arg)
		return (void *)1;
	tid = pts_gettid();
	snprintf(path, sizeof(path), "/proc/self/task/%d", tid);
	if (access(path, F_OK))
		return (void *)2;
	return NULL;
}

int main(void)
{
	pthread_attr_t a;
	pthread_t t;
	int s, err;
	void *v;

	pthread_attr_init(&a);
	pthread_attr_getscope(&a, &s);
	if (s != PTHREAD_SCOPE_SYSTEM)
		PTS_FAILED("default scope %d, expected SYSTEM", s);
	if (pthread_attr_setscope(&a, PTHREAD_SCOPE_SYSTEM))
		PTS_FAILED("setscope(SYSTEM) failed");
	err = pthread_attr_setscope(&a, PTHREAD_SCOPE_PROCESS);
	if (err != ENOTSUP)
		PTS_FAILED("setscope(PROCESS) returned %d, expected ENOTSUP",
			   err);
	err = pthread_attr_setscope(&a, 777);
	if (err != EINVAL)
		PTS_FAILED("setscope(777) returned %d, expected EINVAL", err);
	pthread_attr_getscope(&a, &s);
	if (s != PTHREAD_SCOPE_SYSTEM)
		PTS_FAILED("refused values changed the scope to %d", s);
	if (pthread_create(&t, &a, thread, (void *)(long)getpid()))
		PTS_UNRES("pthread_create() failed");
	pthread_join(t, &v);
	if (v)
		PTS_FAILED("%s in the thread", v == (void *)1 ?
			   "getpid() differs" : "no /proc/self/task/TID");
	if (!tid || tid == getpid())
		PTS_FAILED("system-scope thread has TID %d (process %d)", tid,
			   getpid());
	PTS_PASSED("SYSTEM scope, PROCESS ENOTSUP, EINVAL");
}
