// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Timers across the year 2038 (in a test VM only: it moves the system
 * clock, and puts it back from CLOCK_MONOTONIC at the end):
 * CLOCK_REALTIME set to 3 s before 2^31 s (2038-01-19 03:14:04 UTC) reads
 * back, and passes 2^31 without wrapping; an absolute CLOCK_REALTIME
 * timerfd and POSIX timer armed for 2 s after 2^31, and a relative one
 * of 4 s, all expire once, after the rollover and not before their time
 * (timer_gettime() showing the remaining time below 5 s meanwhile).
 * Syscalls: clock_settime, timer_settime, timerfd_settime
 */
#include <poll.h>
#include <signal.h>
#include <sys/timerfd.h>
#include "clock_guard.h"

#define Y2038 2147483648LL	/* 2^31 s */

static void run(void)
{
	struct itimerspec abs_it = { .it_value = { Y2038 + 2, 0 } };
	struct itimerspec rel_it = { .it_value = { 4, 0 } };
	struct itimerspec cur;
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	struct pollfd p[2];
	long long now, set_at;
	uint64_t exp;
	int tfd_abs, tfd_rel, ptimer, n, done = 0;

	set_at = (Y2038 - 3) * NSEC_PER_SEC;
	if (clock_guard_set_ns(set_at))
		tst_brk(TBROK | TERRNO, "clock_settime(2^31 - 3 s)");
	now = clock_ns(CLOCK_REALTIME);
	TST_EXP_EXPR(now >= set_at && now < set_at + tev_scaled_ns(2000),
		     "CLOCK_REALTIME reads %lld s after the set", now /
		     NSEC_PER_SEC);
	tfd_abs = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK);
	tfd_rel = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK);
	if (tfd_abs < 0 || tfd_rel < 0)
		tst_brk(TBROK | TERRNO, "timerfd_create()");
	if (timerfd_settime(tfd_abs, TFD_TIMER_ABSTIME, &abs_it, NULL) ||
	    timerfd_settime(tfd_rel, 0, &rel_it, NULL))
		tst_brk(TBROK | TERRNO, "timerfd_settime()");
	if (ktimer_create(CLOCK_REALTIME, &sev, &ptimer))
		tst_brk(TBROK | TERRNO, "timer_create()");
	if (ktimer_settime(ptimer, TIMER_ABSTIME, &abs_it, NULL))
		tst_brk(TBROK | TERRNO, "timer_settime()");
	ktimer_gettime(ptimer, &cur);
	TST_EXP_EXPR(cur.it_value.tv_sec < 5 && (cur.it_value.tv_sec ||
		     cur.it_value.tv_nsec), "the POSIX timer has %ld.%09ld s "
		     "left (less than 5)", (long)cur.it_value.tv_sec,
		     cur.it_value.tv_nsec);

	p[0].fd = tfd_abs;
	p[1].fd = tfd_rel;
	p[0].events = p[1].events = POLLIN;
	while (done != 3) {
		n = poll(p, 2, tev_scaled_ns(20000) / 1000000);
		if (n <= 0) {
			tst_res(TFAIL, "the timerfds did not expire (done %d)",
				done);
			break;
		}
		now = clock_ns(CLOCK_REALTIME);
		if ((p[0].revents & POLLIN) && !(done & 1)) {
			SAFE_READ(1, tfd_abs, &exp, sizeof(exp));
			TST_EXP_EXPR(exp == 1 && now >= (Y2038 + 2) *
				     NSEC_PER_SEC, "absolute timerfd expired "
				     "once at %lld s (not before 2^31 + 2)",
				     now / NSEC_PER_SEC);
			done |= 1;
			p[0].events = 0;
		}
		if ((p[1].revents & POLLIN) && !(done & 2)) {
			SAFE_READ(1, tfd_rel, &exp, sizeof(exp));
			TST_EXP_EXPR(exp == 1 && now >= set_at + 4 *
				     NSEC_PER_SEC && now >= Y2038 *
				     NSEC_PER_SEC, "relative 4 s timerfd expired "
				     "once, past 2^31 (%lld s)", now /
				     NSEC_PER_SEC);
			done |= 2;
			p[1].events = 0;
		}
	}
	ktimer_gettime(ptimer, &cur);
	TST_EXP_EXPR(!cur.it_value.tv_sec && !cur.it_value.tv_nsec, "the "
		     "POSIX timer expired too (%ld.%09ld s left)",
		     (long)cur.it_value.tv_sec, cur.it_value.tv_nsec);
	TST_EXP_EXPR(clock_ns(CLOCK_REALTIME) > Y2038 * NSEC_PER_SEC,
		     "CLOCK_REALTIME is past 2^31 s, not wrapped");
	syscall(__NR_timer_delete, ptimer);
	SAFE_CLOSE(tfd_abs);
	SAFE_CLOSE(tfd_rel);
	clock_guard_restore();
}

static void setup(void)
{
	clock_guard_save();
}

static void cleanup(void)
{
	clock_guard_cleanup();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.exclusive = 1,
};
