// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * abort() in a multi-threaded process ends the whole process, not only
 * the calling thread, whatever the masks: every thread blocks SIGABRT,
 * main sleeps in pause(), a second thread calls abort(). The child is
 * reaped as killed by SIGABRT (main never got to exit on its own).
 */
#include <pthread.h>

#include "pts_sigkit.h"

static void *thread(void *arg)
{
	(void)arg;
	pts_wait_in_syscall(getpid(), SYS_pause);
	abort();
	return NULL;
}

static int child(void)
{
	struct rlimit rl = { 0, 0 };
	pthread_t t;

	setrlimit(RLIMIT_CORE, &rl);
	pts_mask1(SIG_BLOCK, SIGABRT);
	if (pthread_create(&t, NULL, thread, NULL))
		return PTS_UNRESOLVED;
	pause();
	return 4;
}

int main(void)
{
	pts_expect_killed(pts_fork_fn(child), SIGABRT,
			  "a child whose second thread called abort()");
	PTS_PASSED("abort() in one thread ended the whole process by SIGABRT");
}
