// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * POSIX timers in a time namespace (kernel/time/posix-timers.c
 * common_timer_set() converts an absolute expiry into the host's clock
 * with timens_ktime_to_host(); timers then run on the host's clock, and
 * timer_gettime() gives the time left). A process that unshared
 * CLONE_NEWTIME sets monotonic +10 days and boottime +20 days; its child,
 * in that namespace, for CLOCK_MONOTONIC and CLOCK_BOOTTIME:
 *  - arms a timer (SIGEV_SIGNAL) with TIMER_ABSTIME at its clock + 300 ms:
 *    timer_gettime() right after gives time left <= 300 ms, > 0 unless
 *    the clock is past the expiry already (taken as a host time the
 *    expiry would be the offset later); the signal comes
 *    within 10 s (scaled) and the clock read after it is at or past the
 *    expiry (not early);
 *  - an absolute expiry one day before its clock's now (nine or nineteen
 *    days after the host's now) fires at once: the signal comes within
 *    10 s (scaled), and timer_gettime() then reads 0 left;
 *  - a relative 300 ms timer is not shifted: time left <= 300 ms (> 0
 *    likewise).
 */
#include <sched.h>
#include <stdlib.h>
#include "tst_test.h"
#include "lapi/sched.h"
#include "time_event.h"

#define DAY (86400LL * NSEC_PER_SEC)
#define STEP (300 * NSEC_PER_MSEC)

static const struct {
	clockid_t id;
	const char *name;
} clocks[] = {
	{CLOCK_MONOTONIC, "CLOCK_MONOTONIC"},
	{CLOCK_BOOTTIME, "CLOCK_BOOTTIME"},
};

static long long left_ns(int id)
{
	struct itimerspec cur;

	if (ktimer_gettime(id, &cur))
		tst_brk(TBROK | TERRNO, "timer_gettime()");
	return ts_ns(&cur.it_value);
}

static void drain(int sig)
{
	struct timespec zero = {0, 0};
	sigset_t pend, set;

	sigpending(&pend);
	if (!sigismember(&pend, sig))
		return;
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigtimedwait(&set, NULL, &zero);
}

static void one_clock(clockid_t clk, const char *name)
{
	siginfo_t si;
	long long expiry, left, now;
	int id = ktimer_new(clk, SIGEV_SIGNAL, SIGUSR1, 0x33);

	expiry = clock_ns(clk) + STEP;
	ktimer_arm(id, TIMER_ABSTIME, expiry, 0);
	left = left_ns(id);
	/* 0 left only if a stalled guest let the expiry pass meanwhile */
	TST_EXP_EXPR(left <= STEP && (left > 0 || clock_ns(clk) >= expiry),
		     "%s: absolute timer 300 ms ahead has %lld ns left", name,
		     left);
	TST_EXP_EXPR(tev_wait_signal(SIGUSR1, 10000, &si) &&
		     si.si_value.sival_int == 0x33,
		     "%s: absolute timer 300 ms ahead fired", name);
	now = clock_ns(clk);
	TST_EXP_EXPR(now >= expiry, "%s: fired at or after the expiry "
		     "(%lld ns after it)", name, now - expiry);

	ktimer_arm(id, TIMER_ABSTIME, clock_ns(clk) - DAY, 0);
	TST_EXP_EXPR(tev_wait_signal(SIGUSR1, 10000, &si),
		     "%s: absolute timer a day in the past fired at once",
		     name);
	TST_EXP_EQ_LI(left_ns(id), 0);

	expiry = clock_ns(clk) + STEP;
	ktimer_arm(id, 0, STEP, 0);
	left = left_ns(id);
	TST_EXP_EXPR(left <= STEP && (left > 0 || clock_ns(clk) >= expiry),
		     "%s: relative 300 ms timer has %lld ns left", name, left);
	ktimer_delete(id);
	/* a slow guest may have let it fire: leave no signal to the next */
	drain(SIGUSR1);
}

static void inside(void)
{
	unsigned int i;

	tev_sigmask(SIG_BLOCK, SIGUSR1);
	for (i = 0; i < ARRAY_SIZE(clocks); i++)
		one_clock(clocks[i].id, clocks[i].name);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		char buf[128];
		int fd;

		if (unshare(CLONE_NEWTIME))
			tst_brk(TCONF | TERRNO, "unshare(CLONE_NEWTIME)");
		snprintf(buf, sizeof(buf),
			 "monotonic %lld 0\nboottime %lld 0\n",
			 10 * DAY / NSEC_PER_SEC, 20 * DAY / NSEC_PER_SEC);
		fd = SAFE_OPEN("/proc/self/timens_offsets", O_WRONLY);
		if (write(fd, buf, strlen(buf)) != (ssize_t)strlen(buf))
			tst_brk(TBROK | TERRNO, "write timens_offsets");
		SAFE_CLOSE(fd);
		pid = SAFE_FORK();
		if (!pid)
			inside();
		reap_child(pid);
		exit(0);
	}
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_TIME_NS", NULL
	},
};
