// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_getspecific() returns the value the calling thread bound to
 * the key. A process forked by a secondary thread is a copy of that
 * thread: its only thread reads that thread's values, not main's (and
 * NULL where that thread set none); a value the child then sets is its
 * own, the parent's threads keep theirs.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_key_t k1, k2;
static int main_v1, thr_v1, child_v1;

static void *forker(void *arg)
{
	pid_t pid;
	int status;

	(void)arg;
	if (pthread_setspecific(k1, &thr_v1))
		return (void *)(long)PTS_UNRESOLVED;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return (void *)(long)PTS_UNRESOLVED;
	if (!pid) {
		if (pthread_getspecific(k1) != &thr_v1)
			_exit(1);
		if (pthread_getspecific(k2) != NULL)
			_exit(2);
		if (pthread_setspecific(k1, &child_v1) ||
		    pthread_getspecific(k1) != &child_v1)
			_exit(3);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return (void *)(long)PTS_UNRESOLVED;
	if (pthread_getspecific(k1) != &thr_v1)
		return (void *)(long)(100 + 4);
	return (void *)(long)(100 + WEXITSTATUS(status));
}

int main(void)
{
	static const char *what[] = {
		"", "child reads main's or no value for k1, not the forking thread's",
		"child reads a value for k2 the forking thread never set",
		"child's own setspecific() not read back",
		"the forking thread's value changed by the child's set",
	};
	pthread_t t;
	void *v;
	long r;

	if (pthread_key_create(&k1, NULL) || pthread_key_create(&k2, NULL))
		PTS_UNRES("pthread_key_create() failed");
	if (pthread_setspecific(k1, &main_v1) ||
	    pthread_setspecific(k2, &main_v1))
		PTS_UNRES("pthread_setspecific() failed");
	if (pthread_create(&t, NULL, forker, NULL))
		PTS_UNRES("pthread_create() failed");
	pthread_join(t, &v);
	r = (long)v;
	if (r < 100)
		PTS_UNRES("set-up in the thread failed");
	if (r - 100 > 4)
		PTS_UNRES("child exited %ld", r - 100);
	if (r != 100)
		PTS_FAILED("%s", what[r - 100]);
	if (pthread_getspecific(k1) != &main_v1 ||
	    pthread_getspecific(k2) != &main_v1)
		PTS_FAILED("main's values changed");
	PTS_PASSED("a child forked by a thread reads that thread's values; its own set is its own");
}
