// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_setschedparam() with SCHED_RR: the thread then runs under the
 * round-robin policy, "a running thread whose time quantum expires is
 * moved to the tail of the list for its priority" (XSH 2.8.4), so two
 * CPU-bound threads at the same SCHED_RR priority on one CPU both make
 * progress. Two threads pinned to one CPU, still waiting to start, are
 * moved by pthread_setschedparam() to SCHED_RR 10 (read back, and
 * reported by the kernel for their TIDs), then let go to spin; main,
 * SCHED_FIFO 30, samples their counters: both advance (bounded wait).
 * The control: moved to SCHED_FIFO 10 instead, the first to run keeps
 * the CPU and the other's counter is still 0 after 300 ms.
 */
#include <pthread.h>
#include <sched.h>

#include "pts_helpers.h"
#include "pts_pi.h"

static volatile unsigned long count[2];
static volatile int tids[2], go, stop;

static void *spin(void *arg)
{
	long i = (long)arg;

	tids[i] = pts_gettid();
	/* asleep, not spinning, until main has set the policies */
	while (!go)
		pts_nap();
	while (!stop)
		count[i]++;
	return NULL;
}

/* two spinners, SCHED_OTHER (not main's FIFO 30), pinned to cpu */
static void start(pthread_t t[2], int cpu)
{
	struct sched_param p = { .sched_priority = 0 };
	pthread_attr_t a;
	cpu_set_t set;
	long i;

	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_OTHER);
	pthread_attr_setschedparam(&a, &p);

	go = stop = 0;
	count[0] = count[1] = 0;
	tids[0] = tids[1] = 0;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	for (i = 0; i < 2; i++) {
		if (pthread_create(&t[i], &a, spin, (void *)i))
			PTS_UNRES("pthread_create()");
		while (!tids[i])
			pts_nap();
		if (sched_setaffinity(tids[i], sizeof(set), &set))
			PTS_UNRES("sched_setaffinity(): %s", strerror(errno));
	}
}

static void set_policy(pthread_t t[2], int pol)
{
	struct sched_param p = { .sched_priority = 10 }, q;
	int i, got;

	for (i = 0; i < 2; i++) {
		if (pthread_setschedparam(t[i], pol, &p))
			PTS_FAILED("pthread_setschedparam(%d, 10) failed", pol);
		if (pthread_getschedparam(t[i], &got, &q) || got != pol ||
		    q.sched_priority != 10)
			PTS_FAILED("policy %d read back as %d/%d", pol, got,
				   q.sched_priority);
		if (sched_getscheduler(tids[i]) != pol)
			PTS_FAILED("the kernel reports policy %d for thread %d",
				   sched_getscheduler(tids[i]), i);
	}
}

static void finish(pthread_t t[2])
{
	stop = 1;
	pthread_join(t[0], NULL);
	pthread_join(t[1], NULL);
}

int main(void)
{
	unsigned long c0, c1;
	long long end;
	pthread_t t[2];
	int cpu;

	pts_need_sched_fifo();
	pts_fifo_self(30);
	cpu = sched_getcpu();
	if (cpu < 0)
		PTS_UNRES("sched_getcpu(): %s", strerror(errno));

	start(t, cpu);
	set_policy(t, SCHED_RR);
	go = 1;
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!count[0] || !count[1]) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("SCHED_RR: thread %d never ran beside the other",
				   count[0] ? 1 : 0);
		pts_nap();
	}
	c0 = count[0];
	c1 = count[1];
	while (count[0] == c0 || count[1] == c1) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("SCHED_RR: thread %d stopped making progress",
				   count[0] == c0 ? 0 : 1);
		pts_nap();
	}
	finish(t);
	printf("SCHED_RR 10: both threads made progress on CPU %d\n", cpu);

	start(t, cpu);
	set_policy(t, SCHED_FIFO);
	go = 1;
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!count[0] && !count[1]) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("SCHED_FIFO: neither thread ran");
		pts_nap();
	}
	end = pts_now(CLOCK_MONOTONIC) + 300000000LL;
	while (pts_now(CLOCK_MONOTONIC) < end)
		pts_nap();
	c0 = count[0];
	c1 = count[1];
	printf("SCHED_FIFO 10: counters at %lu and %lu after 300 ms\n", c0, c1);
	if (c0 && c1)
		PTS_UNRES("the SCHED_FIFO control ran both threads (not on one CPU?)");
	finish(t);
	PTS_PASSED("threads moved to SCHED_RR share one CPU by time slices");
}
