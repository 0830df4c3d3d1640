// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_setschedparam(): "These functions shall not return an error
 * code of [EINTR]." While another process floods this one with a caught
 * SIGUSR1 (no SA_RESTART; delivered to main, which makes the calls),
 * main moves a parked thread 3000 times round SCHED_FIFO 10, SCHED_RR
 * 20 and SCHED_OTHER 0: every call returns 0 and the kernel reports the
 * policy and priority just set for the thread's TID after each one;
 * the number of signals taken during the calls is printed (and must
 * not be 0, or the test proves nothing).
 */
#include <pthread.h>

#include "pts_j19.h"
#include "pts_sigkit.h"

static volatile int sigs;

static void on_usr1(int sig)
{
	(void)sig;
	sigs++;
}

int main(void)
{
	static const int pol[3] = { SCHED_FIFO, SCHED_RR, SCHED_OTHER };
	static const int prio[3] = { 10, 20, 0 };
	struct pts_j19_park p;
	struct sched_param sp;
	int i, k, e, gp, gprio, first;
	pid_t flood, me = getpid();

	pts_need_sched_fifo();
	/* the parked thread inherits SIGUSR1 blocked: main takes them all */
	pts_mask1(SIG_BLOCK, SIGUSR1);
	if (pts_j19_park(&p, NULL))
		PTS_UNRES("pthread_create()");
	pts_catch(SIGUSR1, on_usr1, 0);
	pts_mask1(SIG_UNBLOCK, SIGUSR1);
	flood = fork();
	if (flood < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	pts_j19_kill_at_exit(flood);
	if (!flood) {
		for (;;)
			if (kill(me, SIGUSR1))
				_exit(0);
	}
	pts_j19_wait_count(&sigs, 1, "the first SIGUSR1");
	first = sigs;
	for (i = 0; i < 3000; i++) {
		k = i % 3;
		sp.sched_priority = prio[k];
		e = pthread_setschedparam(p.t, pol[k], &sp);
		if (e) {
			kill(flood, SIGKILL);
			PTS_FAILED("call %d returned %d (%s)", i, e, strerrorname_np(e));
		}
		pts_j19_sched_of(p.tid, &gp, &gprio);
		if (gp != pol[k] || gprio != prio[k]) {
			kill(flood, SIGKILL);
			PTS_FAILED("call %d: set %d/%d, kernel reports %d/%d", i,
				   pol[k], prio[k], gp, gprio);
		}
	}
	kill(flood, SIGKILL);
	waitpid(flood, NULL, 0);
	pts_j19_release(&p, 1);
	printf("%d signals taken during the calls\n", sigs - first);
	if (sigs == first)
		PTS_UNRES("no signal arrived during the calls");
	PTS_PASSED("3000 calls under a signal flood: 0 each, applied each time");
}
