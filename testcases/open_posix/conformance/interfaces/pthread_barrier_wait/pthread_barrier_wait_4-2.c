// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_barrier_wait(): a thread blocked on a barrier shall not keep
 * an unblocked thread eligible for the same processor from making
 * progress. On one CPU a SCHED_FIFO 20 thread blocks on a count-2
 * barrier; a FIFO 10 thread, which a spinning waiter of higher priority
 * would starve, runs 100 ms of CPU time meanwhile. The blocked thread is
 * asleep in the kernel (futex) and its CPU-time clock does not move
 * while the lower one works; the low thread's arrival then releases
 * both, exactly one of them PTHREAD_BARRIER_SERIAL_THREAD.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_barrier_t b;
static volatile int hi_tid;
static clockid_t hi_clk;
static long long hi_before, hi_after;

static void *high(void *arg)
{
	(void)arg;
	hi_tid = pts_gettid();
	return (void *)(long)pthread_barrier_wait(&b);
}

static void *low(void *arg)
{
	long long end;

	(void)arg;
	hi_before = pts_now(hi_clk);
	end = pts_now(CLOCK_THREAD_CPUTIME_ID) + 100000000LL;
	while (pts_now(CLOCK_THREAD_CPUTIME_ID) < end)
		;
	hi_after = pts_now(hi_clk);
	return (void *)(long)pthread_barrier_wait(&b);
}

static pthread_t start(void *(*fn)(void *), int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	pthread_attr_t a;
	pthread_t t;

	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_FIFO);
	pthread_attr_setschedparam(&a, &sp);
	if (pthread_create(&t, &a, fn, NULL))
		PTS_UNRES("pthread_create(FIFO %d)", prio);
	pthread_attr_destroy(&a);
	return t;
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 30 };
	void *r_hi, *r_lo;
	pthread_t hi, lo;
	cpu_set_t cpus;
	int serial;

	pts_need_sched_fifo();
	CPU_ZERO(&cpus);
	CPU_SET(sched_getcpu(), &cpus);
	if (sched_setaffinity(0, sizeof(cpus), &cpus))
		PTS_UNRES("sched_setaffinity(): %s", strerror(errno));
	if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp))
		PTS_UNRES("main to FIFO 30");
	if (pthread_barrier_init(&b, NULL, 2))
		PTS_UNRES("pthread_barrier_init()");

	hi = start(high, 20);
	pts_wait_flag(&hi_tid, "the FIFO 20 thread's start");
	pts_wait_in_syscall(hi_tid, SYS_futex);
	if (pthread_getcpuclockid(hi, &hi_clk))
		PTS_UNRES("pthread_getcpuclockid()");
	lo = start(low, 10);
	if (pthread_join(lo, &r_lo) || pthread_join(hi, &r_hi))
		PTS_UNRES("pthread_join()");
	if (hi_after != hi_before)
		PTS_FAILED("the blocked FIFO 20 thread used %lld ns of CPU while the FIFO 10 thread worked",
			   hi_after - hi_before);
	serial = ((long)r_hi == PTHREAD_BARRIER_SERIAL_THREAD) +
		 ((long)r_lo == PTHREAD_BARRIER_SERIAL_THREAD);
	if (serial != 1 || ((long)r_hi && (long)r_hi != PTHREAD_BARRIER_SERIAL_THREAD) ||
	    ((long)r_lo && (long)r_lo != PTHREAD_BARRIER_SERIAL_THREAD))
		PTS_FAILED("barrier returns %ld (FIFO 20) and %ld (FIFO 10): not one serial and one 0",
			   (long)r_hi, (long)r_lo);
	pthread_barrier_destroy(&b);
	PTS_PASSED("the lower thread ran 100 ms of CPU while the higher one slept at the barrier");
}
