// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_once(): the function "shall not return an error code of
 * [EINTR]". While the init routine is blocked in read(), two other
 * threads calling pthread_once() for the same control sleep in the
 * kernel (futex); each takes three caught signals (SIGUSR1, no
 * SA_RESTART), its handler run in it, and is asleep in the futex
 * again after each. When the routine returns, all three calls return
 * 0, and the routine has run exactly once.
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_j19.h"
#include "pts_sigkit.h"

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int p[2], runs;
static volatile int handled[2];
static volatile pid_t tids[2];

static void init(void)
{
	char c;

	runs++;
	if (read(p[0], &c, 1) != 1)
		runs = 100;
}

static void on_usr1(int sig)
{
	pid_t me = pts_gettid();

	(void)sig;
	if (me == tids[0])
		handled[0]++;
	else if (me == tids[1])
		handled[1]++;
}

static void *caller(void *arg)
{
	long i = (long)arg;

	if (i >= 0)
		tids[i] = pts_gettid();
	return (void *)(long)pthread_once(&once, init);
}

int main(void)
{
	struct pts_blocked first, w[2];
	int i, k;
	long r;

	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pts_catch(SIGUSR1, on_usr1, 0);
	pts_start_blocked(&first, caller, (void *)-1L, SYS_read);
	for (i = 0; i < 2; i++)
		pts_start_blocked(&w[i], caller, (void *)(long)i, SYS_futex);
	for (k = 1; k <= 3; k++) {
		for (i = 0; i < 2; i++) {
			if (pthread_kill(w[i].t, SIGUSR1))
				PTS_UNRES("pthread_kill()");
			pts_j19_wait_count(&handled[i], k, "the handler");
			pts_wait_in_syscall(w[i].tid, SYS_futex);
		}
	}
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	r = pts_join_long(first.t);
	if (r)
		PTS_FAILED("the initialising call returned %ld", r);
	for (i = 0; i < 2; i++) {
		r = pts_join_long(w[i].t);
		if (r)
			PTS_FAILED("waiter %d returned %ld (%s)", i, r,
				   strerrorname_np(r));
	}
	if (runs != 1)
		PTS_FAILED("the init routine ran %d times", runs);
	PTS_PASSED("waiters took 3 signals each, stayed asleep, returned 0; one init");
}
