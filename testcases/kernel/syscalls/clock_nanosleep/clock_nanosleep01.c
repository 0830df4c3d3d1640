// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_nanosleep() sleeps at least as long as asked: a relative sleep on
 * CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_BOOTTIME and CLOCK_TAI lasts the
 * requested time on that clock; with TIMER_ABSTIME it returns only once
 * the clock reached the given time, and at once for a time already past.
 * A sleep on CLOCK_PROCESS_CPUTIME_ID ends once the process consumed that
 * much CPU time (here in a second, computing thread).
 */
#include <pthread.h>
#include "time_event.h"
#include "lapi/time.h"

#define SLEEP_NS (30 * NSEC_PER_MSEC)

/* A relative sleep is measured on a clock nobody can set. */
static const struct {
	clockid_t id;
	clockid_t steady;
	const char *name;
} clocks[] = {
	{CLOCK_REALTIME, CLOCK_MONOTONIC, "CLOCK_REALTIME"},
	{CLOCK_MONOTONIC, CLOCK_MONOTONIC, "CLOCK_MONOTONIC"},
	{CLOCK_BOOTTIME, CLOCK_BOOTTIME, "CLOCK_BOOTTIME"},
	{CLOCK_TAI, CLOCK_MONOTONIC, "CLOCK_TAI"},
};

static volatile int stop_burning;

static long nsleep(clockid_t clk, int flags, const struct timespec *req,
		   struct timespec *rem)
{
	return syscall(SYS_clock_nanosleep, clk, flags, req, rem);
}

static void test_relative(unsigned int i)
{
	struct timespec req = ns_ts(SLEEP_NS);
	long long start, end;

	start = clock_ns(clocks[i].steady);
	TST_EXP_PASS(nsleep(clocks[i].id, 0, &req, NULL),
		     "clock_nanosleep(%s, 30 ms)", clocks[i].name);
	end = clock_ns(clocks[i].steady);
	TST_EXP_EXPR(end - start >= SLEEP_NS, "slept %lld ns >= 30 ms",
		     end - start);
}

static void test_absolute(unsigned int i)
{
	struct timespec req;
	long long target, now;

	target = clock_ns(clocks[i].id) + SLEEP_NS;
	req = ns_ts(target);
	TST_EXP_PASS(nsleep(clocks[i].id, TIMER_ABSTIME, &req, NULL),
		     "clock_nanosleep(%s, TIMER_ABSTIME, now + 30 ms)",
		     clocks[i].name);
	now = clock_ns(clocks[i].id);
	TST_EXP_EXPR(now >= target, "woke %lld ns after the deadline, not "
		     "before", now - target);

	req = ns_ts(clock_ns(clocks[i].id) - NSEC_PER_SEC);
	TST_EXP_PASS(nsleep(clocks[i].id, TIMER_ABSTIME, &req, NULL),
		     "clock_nanosleep(%s, TIMER_ABSTIME, 1 s ago)",
		     clocks[i].name);
}

static void *burn_fn(void *arg)
{
	(void)arg;
	while (!stop_burning)
		;
	return NULL;
}

static void test_cpu_clock(void)
{
	struct timespec req = ns_ts(SLEEP_NS);
	long long start, end;
	pthread_t thread;
	int ret;

	stop_burning = 0;
	ret = pthread_create(&thread, NULL, burn_fn, NULL);
	if (ret)
		tst_brk(TBROK, "pthread_create(): %s", tst_strerrno(ret));
	start = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	TST_EXP_PASS(nsleep(CLOCK_PROCESS_CPUTIME_ID, 0, &req, NULL),
		     "clock_nanosleep(CLOCK_PROCESS_CPUTIME_ID, 30 ms) while a "
		     "thread computes");
	end = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	stop_burning = 1;
	pthread_join(thread, NULL);
	TST_EXP_EXPR(end - start >= SLEEP_NS, "the process used %lld ns of "
		     "CPU time meanwhile, >= 30 ms", end - start);
}

static void run(unsigned int n)
{
	if (n < ARRAY_SIZE(clocks))
		test_relative(n);
	else if (n < 2 * ARRAY_SIZE(clocks))
		test_absolute(n - ARRAY_SIZE(clocks));
	else
		test_cpu_clock();
}

static struct tst_test test = {
	.tcnt = 2 * ARRAY_SIZE(clocks) + 1,
	.test = run,
};
