// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_once(): "Upon successful completion, pthread_once() shall
 * return zero", for the call that runs the init routine and for every
 * later one, which does not run it. The first call runs it (0); 4
 * threads then call 100 times each: all 0, the routine not run again.
 * A child forked afterwards inherits the completed state: its call
 * returns 0 without running the routine, while a second control that
 * was never used runs its routine once in the child (0) - not in the
 * parent, whose own later call of that control runs it there, once.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_once_t once = PTHREAD_ONCE_INIT, once2 = PTHREAD_ONCE_INIT;
static int runs, runs2, bad;

static void init(void)
{
	__atomic_add_fetch(&runs, 1, __ATOMIC_ACQ_REL);
}

static void init2(void)
{
	runs2++;
}

static void *caller(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < 100; i++)
		if (pthread_once(&once, init))
			__atomic_store_n(&bad, 1, __ATOMIC_RELEASE);
	return NULL;
}

int main(void)
{
	pthread_t t[4];
	int i, st;
	pid_t pid;

	PTS_EXPECT_ERR(pthread_once(&once, init), 0, "the first call");
	for (i = 0; i < 4; i++)
		if (pthread_create(&t[i], NULL, caller, NULL))
			PTS_UNRES("pthread_create()");
	for (i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	if (bad || runs != 1)
		PTS_FAILED("later calls: error %d, routine run %d times", bad, runs);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		if (pthread_once(&once, init) || runs != 1)
			_exit(1);
		if (pthread_once(&once2, init2) || pthread_once(&once2, init2) ||
		    runs2 != 1)
			_exit(2);
		_exit(0);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		PTS_FAILED("in the child: %s", WEXITSTATUS(st) == 1 ?
			   "the completed control ran again or failed" :
			   "the unused control did not run once");
	if (runs2)
		PTS_FAILED("the child's init routine ran in the parent");
	PTS_EXPECT_ERR(pthread_once(&once2, init2), 0, "the parent's once2");
	if (runs2 != 1)
		PTS_FAILED("once2 ran %d times in the parent", runs2);
	PTS_PASSED("0 from every call; the routine ran once per process state");
}
