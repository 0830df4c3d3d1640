// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_broadcast(): it "shall have no effect if there are no
 * threads currently blocked on cond". A process-shared condition
 * variable in MAP_SHARED memory is broadcast three times (0 each) with
 * nobody waiting; then two child processes wait on it for a flag: both
 * go to sleep in the kernel (futex) and stay there - no earlier
 * broadcast is remembered - until the flag is set and a fourth
 * broadcast ends both waits with 0.
 */
#include <pthread.h>

#include "pts_j19.h"
#include "pts_blocked.h"

struct sh {
	pthread_mutex_t m;
	pthread_cond_t c;
	int go, woken;
};
static struct sh *s;

static int waiter(void)
{
	int e = 0;

	pthread_mutex_lock(&s->m);
	while (!s->go && !e)
		e = pthread_cond_wait(&s->c, &s->m);
	s->woken++;
	pthread_mutex_unlock(&s->m);
	return e ? PTS_FAIL : PTS_PASS;
}

int main(void)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	pid_t pid[2];
	int i;

	s = pts_j19_shared(sizeof(*s));
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_mutex_init(&s->m, &ma);
	pthread_condattr_init(&ca);
	pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED);
	pthread_cond_init(&s->c, &ca);
	for (i = 0; i < 3; i++)
		PTS_EXPECT_ERR(pthread_cond_broadcast(&s->c), 0,
			       "broadcast with no waiter");
	fflush(stdout);
	for (i = 0; i < 2; i++) {
		pid[i] = fork();
		if (pid[i] < 0)
			PTS_UNRES("fork(): %s", strerror(errno));
		pts_j19_kill_at_exit(pid[i]);
		if (!pid[i])
			_exit(waiter());
	}
	for (i = 0; i < 2; i++)
		pts_wait_in_syscall(pid[i], SYS_futex);
	if (s->woken)
		PTS_FAILED("%d waiters returned before the flag was set", s->woken);
	pthread_mutex_lock(&s->m);
	s->go = 1;
	PTS_EXPECT_ERR(pthread_cond_broadcast(&s->c), 0, "broadcast with waiters");
	pthread_mutex_unlock(&s->m);
	for (i = 0; i < 2; i++)
		pts_reap_bounded(pid[i], "a waiter process");
	if (s->woken != 2)
		PTS_FAILED("%d waiters woken", s->woken);
	PTS_PASSED("broadcasts with no waiter had no effect; the later one woke both");
}
