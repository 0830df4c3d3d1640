// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setscheduler() sets the policy, and the policy is what the
 * scheduler applies. Two CPU-bound processes at the same priority on
 * one CPU:
 * - SCHED_RR 10: each runs for a time quantum and then goes to the tail
 *   of its list, so each sees the other make progress while it spins
 *   (bounded wait; under SCHED_FIFO neither would ever see it);
 * - SCHED_FIFO 10: the one that runs first is never preempted by its
 *   peer: it spins 300 ms of its own CPU time and the peer's counter
 *   is still 0 when it stops; the peer runs only after it exits.
 * The parent, SCHED_FIFO 20 on the same CPU, sets both children's
 * policy before they have run and then waits for them.
 */
#include <sys/mman.h>
#include <sys/prctl.h>

#include "pts_helpers.h"

struct sh {
	volatile long cnt[2];
	volatile int ran_first;
};

static struct sh *sh;

static int child_rr(int me)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);

	while (!sh->cnt[!me]) {
		sh->cnt[me]++;
		if ((sh->cnt[me] & 0xfff) == 0 && pts_now(CLOCK_MONOTONIC) > end) {
			printf("SCHED_RR child %d never saw its peer run\n", me);
			return PTS_FAIL;
		}
	}
	/* the peer ran; make sure it can see this one's progress too */
	sh->cnt[me]++;
	return PTS_PASS;
}

static int child_fifo(int me)
{
	if (sh->cnt[!me])
		return PTS_PASS;	/* the peer ran first and has finished */
	while (pts_now(CLOCK_THREAD_CPUTIME_ID) < 300000000LL)
		sh->cnt[me]++;
	if (sh->cnt[!me]) {
		printf("SCHED_FIFO child %d was preempted by its peer\n", me);
		return PTS_FAIL;
	}
	sh->cnt[me]++;
	return PTS_PASS;
}

static void round_of(int pol, const char *name)
{
	struct sched_param sp = { .sched_priority = 10 };
	pid_t pid[2];
	int i, status;

	sh->cnt[0] = sh->cnt[1] = 0;
	for (i = 0; i < 2; i++) {
		fflush(stdout);
		pid[i] = fork();
		if (pid[i] < 0)
			PTS_UNRES("fork(): %m");
		if (!pid[i]) {
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			_exit(pol == SCHED_RR ? child_rr(i) : child_fifo(i));
		}
		if (sched_setscheduler(pid[i], pol, &sp))
			PTS_UNRES("sched_setscheduler(child, %s 10): %m", name);
	}
	for (i = 0; i < 2; i++) {
		if (waitpid(pid[i], &status, 0) != pid[i] || !WIFEXITED(status))
			PTS_UNRES("%s child status 0x%x", name, status);
		if (WEXITSTATUS(status))
			PTS_FAILED("%s: child %d failed", name, i);
	}
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 20 };
	cpu_set_t cpus;

	pts_need_sched_fifo();
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	CPU_ZERO(&cpus);
	CPU_SET(sched_getcpu(), &cpus);
	if (sched_setaffinity(0, sizeof(cpus), &cpus))
		PTS_UNRES("sched_setaffinity(): %m");
	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		PTS_UNRES("sched_setscheduler(FIFO 20): %m");
	round_of(SCHED_RR, "SCHED_RR");
	round_of(SCHED_FIFO, "SCHED_FIFO");
	PTS_PASSED("SCHED_RR peers time-slice, SCHED_FIFO peers do not");
}
