// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getitimer() reads ITIMER_REAL, ITIMER_VIRTUAL and ITIMER_PROF: zero in
 * a new process (a child of fork() does not inherit its parent's
 * itimers); once set, the time left, above 0 and no more than was set
 * (plus one tick for the CPU itimers, which the kernel adds so they never
 * fire early), and the interval as set. ITIMER_REAL counts down in real time;
 * ITIMER_VIRTUAL and ITIMER_PROF only while the process computes. Errors:
 * EINVAL for an unknown timer, EFAULT for an unmapped result.
 */
#include <sys/time.h>
#include "time_event.h"

static void *bad_addr;

static const struct {
	int which;
	const char *name;
} timers[] = {
	{ITIMER_REAL, "ITIMER_REAL"},
	{ITIMER_VIRTUAL, "ITIMER_VIRTUAL"},
	{ITIMER_PROF, "ITIMER_PROF"},
};

static long long tv_us(const struct timeval *tv)
{
	return tv->tv_sec * 1000000LL + tv->tv_usec;
}

/* A few milliseconds of computing without a system call. */
static void user_work(void)
{
	volatile unsigned long sum = 0;
	unsigned long i;

	for (i = 0; i < 1000000; i++)
		sum += i;
}

static void get(int which, struct itimerval *cur)
{
	memset(cur, 0xff, sizeof(*cur));
	if (getitimer(which, cur))
		tst_brk(TBROK | TERRNO, "getitimer(%d)", which);
}

static void set(int which, long long value_us, long long interval_us)
{
	struct itimerval val = {
		.it_interval = {interval_us / 1000000, interval_us % 1000000},
		.it_value = {value_us / 1000000, value_us % 1000000},
	};

	if (setitimer(which, &val, NULL))
		tst_brk(TBROK | TERRNO, "setitimer(%d)", which);
}

static void test_set_and_read(unsigned int i)
{
	struct itimerval cur;
	long long first, deadline, slack;

	get(timers[i].which, &cur);
	TST_EXP_EXPR(tv_us(&cur.it_value) == 0 && tv_us(&cur.it_interval) == 0,
		     "%s reads zero before it is set", timers[i].name);

	set(timers[i].which, 100000000, 2500000);
	TST_EXP_PASS(getitimer(timers[i].which, &cur), "getitimer(%s)",
		     timers[i].name);
	first = tv_us(&cur.it_value);
	/*
	 * CPU time is sampled at ticks, so the kernel adds one tick (10 ms
	 * at most, at HZ >= 100) to the CPU itimers to never fire early.
	 */
	slack = timers[i].which == ITIMER_REAL ? 0 : 10000;
	TST_EXP_EXPR(first > 0 && first <= 100000000 + slack &&
		     tv_us(&cur.it_interval) == 2500000,
		     "%s: %lld us left of 100 s, interval %lld us",
		     timers[i].name, first, tv_us(&cur.it_interval));

	if (timers[i].which == ITIMER_REAL) {
		usleep(20000);
		get(timers[i].which, &cur);
	} else {
		/*
		 * CPU itimers are charged at ticks, the virtual one with
		 * user time only: compute in user space until one was.
		 */
		deadline = clock_ns(CLOCK_MONOTONIC) + tev_scaled_ns(10000);
		do {
			user_work();
			get(timers[i].which, &cur);
		} while (tv_us(&cur.it_value) >= first &&
			 clock_ns(CLOCK_MONOTONIC) < deadline);
	}
	TST_EXP_EXPR(tv_us(&cur.it_value) < first, "%s fell to %lld us",
		     timers[i].name, tv_us(&cur.it_value));
	set(timers[i].which, 0, 0);
}

static void test_sleep_keeps_cpu_timers(void)
{
	struct itimerval virt, prof;
	long long virt0, prof0;

	set(ITIMER_VIRTUAL, 100000000, 0);
	set(ITIMER_PROF, 100000000, 0);
	get(ITIMER_VIRTUAL, &virt);
	get(ITIMER_PROF, &prof);
	virt0 = tv_us(&virt.it_value);
	prof0 = tv_us(&prof.it_value);
	usleep(200000);
	get(ITIMER_VIRTUAL, &virt);
	get(ITIMER_PROF, &prof);
	TST_EXP_EXPR(virt0 - tv_us(&virt.it_value) < 100000 &&
		     prof0 - tv_us(&prof.it_value) < 100000,
		     "a 200 ms sleep took %lld us off ITIMER_VIRTUAL and %lld "
		     "us off ITIMER_PROF: < 100 ms", virt0 -
		     tv_us(&virt.it_value), prof0 - tv_us(&prof.it_value));
	set(ITIMER_VIRTUAL, 0, 0);
	set(ITIMER_PROF, 0, 0);
}

static void test_fork(void)
{
	struct itimerval cur;
	unsigned int i;
	pid_t pid;

	for (i = 0; i < ARRAY_SIZE(timers); i++)
		set(timers[i].which, 100000000, 1000000);
	pid = SAFE_FORK();
	if (!pid) {
		for (i = 0; i < ARRAY_SIZE(timers); i++) {
			get(timers[i].which, &cur);
			TST_EXP_EXPR(tv_us(&cur.it_value) == 0 &&
				     tv_us(&cur.it_interval) == 0,
				     "%s is zero in a fork() child",
				     timers[i].name);
		}
		exit(0);
	}
	reap_child(pid);
	for (i = 0; i < ARRAY_SIZE(timers); i++)
		set(timers[i].which, 0, 0);
}

static void test_errors(void)
{
	struct itimerval cur;

	TST_EXP_FAIL(getitimer(3, &cur), EINVAL, "getitimer(3)");
	TST_EXP_FAIL(getitimer(-1, &cur), EINVAL, "getitimer(-1)");
	TST_EXP_FAIL(syscall(SYS_getitimer, ITIMER_REAL, bad_addr), EFAULT,
		     "getitimer(ITIMER_REAL, unmapped)");
	TST_EXP_FAIL(syscall(SYS_getitimer, ITIMER_PROF, NULL), EFAULT,
		     "getitimer(ITIMER_PROF, NULL)");
}

static void run(unsigned int n)
{
	if (n < ARRAY_SIZE(timers)) {
		test_set_and_read(n);
		return;
	}
	switch (n - ARRAY_SIZE(timers)) {
	case 0:
		test_sleep_keeps_cpu_timers();
		break;
	case 1:
		test_fork();
		break;
	case 2:
		test_errors();
		break;
	}
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(timers) + 3,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};
