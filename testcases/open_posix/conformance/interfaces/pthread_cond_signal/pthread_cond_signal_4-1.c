// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_signal(): "If successful, the pthread_cond_signal()
 * function shall return zero", and it "shall unblock at least one of
 * the threads that are blocked". It returns 0 with no waiter at all
 * (and a later timed wait still times out: the signal left nothing
 * behind); then, on a process-shared condition variable in MAP_SHARED
 * memory, two child processes asleep in the kernel (futex) each wait
 * for a token: a first signal with one token returns 0 and one child
 * takes the token and exits while the other stays asleep; a second
 * signal with a second token returns 0 and ends the other child.
 */
#include <pthread.h>

#include "pts_j19.h"
#include "pts_blocked.h"

struct sh {
	pthread_mutex_t m;
	pthread_cond_t c;
	int tokens, taken;
};
static struct sh *s;

static int consumer(void)
{
	int e = 0;

	pthread_mutex_lock(&s->m);
	while (!s->tokens && !e)
		e = pthread_cond_wait(&s->c, &s->m);
	s->tokens--;
	s->taken++;
	pthread_mutex_unlock(&s->m);
	return e ? PTS_FAIL : PTS_PASS;
}

static void give(void)
{
	int e;

	pthread_mutex_lock(&s->m);
	s->tokens++;
	e = pthread_cond_signal(&s->c);
	pthread_mutex_unlock(&s->m);
	if (e)
		PTS_FAILED("pthread_cond_signal() with waiters returned %d", e);
}

int main(void)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	struct timespec ts;
	pid_t pid[2], done;
	int i, e, st;

	s = pts_j19_shared(sizeof(*s));
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_mutex_init(&s->m, &ma);
	pthread_condattr_init(&ca);
	pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED);
	pthread_cond_init(&s->c, &ca);

	PTS_EXPECT_ERR(pthread_cond_signal(&s->c), 0, "signal with no waiter");
	pthread_mutex_lock(&s->m);
	ts = pts_deadline(CLOCK_REALTIME, 50000000);
	do
		e = pthread_cond_timedwait(&s->c, &s->m, &ts);
	while (!e);
	pthread_mutex_unlock(&s->m);
	if (e != ETIMEDOUT)
		PTS_FAILED("a wait after the signal returned %d", e);

	fflush(stdout);
	for (i = 0; i < 2; i++) {
		pid[i] = fork();
		if (pid[i] < 0)
			PTS_UNRES("fork(): %s", strerror(errno));
		pts_j19_kill_at_exit(pid[i]);
		if (!pid[i])
			_exit(consumer());
		pts_wait_in_syscall(pid[i], SYS_futex);
	}
	give();
	done = pts_j19_wait_any(&st, "a child's wake-up by the first signal");
	if (done != pid[0] && done != pid[1])
		PTS_UNRES("waitpid() returned %d", (int)done);
	if (!WIFEXITED(st) || WEXITSTATUS(st))
		PTS_FAILED("the woken child failed");
	i = done == pid[0];	/* the other one */
	pts_wait_in_syscall(pid[i], SYS_futex);
	if (s->taken != 1)
		PTS_FAILED("%d tokens taken after one signal", s->taken);
	give();
	pts_reap_bounded(pid[i], "the second child");
	if (s->taken != 2 || s->tokens)
		PTS_FAILED("%d tokens taken, %d left", s->taken, s->tokens);
	PTS_PASSED("0 with and without waiters; each signal woke a sleeping process");
}
