// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2017-10661: two threads calling timerfd_settime() on one
 * CLOCK_REALTIME timerfd at once, one arming it with TFD_TIMER_ABSTIME |
 * TFD_TIMER_CANCEL_ON_SET and then without flags, the other without
 * flags, add the timer to and take it off the clock-was-set cancel list
 * concurrently. Before 1e38da300e1e that was unlocked: the entry could be
 * added twice or stay listed with the flag cleared, then be freed at
 * close() while still listed (list corruption, use-after-free when the
 * clock is next set). For a bounded time, rounds of such races on a new
 * timerfd each, closed after it, with the realtime clock set (to its own
 * value) every few rounds so that the list is walked: every call returns
 * 0, and no W or D taint appears. Afterwards the list still works: once
 * the clock is set, a CANCEL_ON_SET timer reads ECANCELED and a timer
 * without the flag is not cancelled (EAGAIN).
 * Sets the realtime clock: exclusive.
 */
#include <pthread.h>
#include <sys/timerfd.h>
#include <time.h>
#include "tst_test.h"

#define ITERS 200

static pthread_barrier_t barrier;
static volatile int stop;
static int fd = -1;
static volatile int bad_ret, bad_errno;
static struct itimerspec abs_its = { { 0, 0 }, { 0, 0 } };
static const struct itimerspec rel_its = { { 0, 0 }, { 100, 0 } };

static void settime(int flags)
{
	const struct itimerspec *its =
		flags & TFD_TIMER_ABSTIME ? &abs_its : &rel_its;

	if (timerfd_settime(fd, flags, its, NULL) && !bad_ret) {
		bad_ret = flags ? 1 : 2;
		bad_errno = errno;
	}
}

static void *racer(void *arg)
{
	int i;

	for (;;) {
		pthread_barrier_wait(&barrier);
		if (stop)
			return arg;
		for (i = 0; i < ITERS; i++)
			settime(0);
		pthread_barrier_wait(&barrier);
	}
}

static void set_clock_to_itself(void)
{
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	if (clock_settime(CLOCK_REALTIME, &now))
		tst_brk(TBROK | TERRNO, "clock_settime(CLOCK_REALTIME)");
}

static void check_cancel(void)
{
	uint64_t exp;
	int c, n;

	c = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK);
	n = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK);
	if (c < 0 || n < 0)
		tst_brk(TBROK | TERRNO, "timerfd_create()");
	if (timerfd_settime(c, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET,
			    &abs_its, NULL) ||
	    timerfd_settime(n, TFD_TIMER_ABSTIME, &abs_its, NULL))
		tst_brk(TBROK | TERRNO, "timerfd_settime()");
	set_clock_to_itself();
	TST_EXP_FAIL(read(c, &exp, sizeof(exp)), ECANCELED,
		     "read() of a CANCEL_ON_SET timer after the clock was set");
	TST_EXP_FAIL(read(n, &exp, sizeof(exp)), EAGAIN,
		     "read() of a timer without CANCEL_ON_SET");
	SAFE_CLOSE(c);
	SAFE_CLOSE(n);
}

static void run(void)
{
	long long end = tst_mono_ms() + 2000 * tst_timeout_mul();
	long rounds = 0;
	pthread_t th;
	int i, err;

	clock_gettime(CLOCK_REALTIME, &abs_its.it_value);
	abs_its.it_value.tv_sec += 3600;
	stop = 0;
	bad_ret = 0;
	pthread_barrier_init(&barrier, NULL, 2);
	err = pthread_create(&th, NULL, racer, NULL);
	if (err)
		tst_brk(TBROK, "pthread_create(): %s", strerror(err));

	while (tst_mono_ms() < end && !bad_ret) {
		fd = timerfd_create(CLOCK_REALTIME, 0);
		if (fd < 0) {
			stop = 1;
			pthread_barrier_wait(&barrier);
			pthread_join(th, NULL);
			tst_brk(TBROK | TERRNO, "timerfd_create()");
		}
		pthread_barrier_wait(&barrier);
		for (i = 0; i < ITERS; i++) {
			settime(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET);
			settime(0);
		}
		pthread_barrier_wait(&barrier);
		close(fd);
		if (!(++rounds % 16))
			set_clock_to_itself();
	}
	stop = 1;
	pthread_barrier_wait(&barrier);
	pthread_join(th, NULL);
	pthread_barrier_destroy(&barrier);
	set_clock_to_itself();

	if (bad_ret)
		tst_res(TFAIL, "timerfd_settime(%s) failed: %s",
			bad_ret == 1 ? "ABSTIME | CANCEL_ON_SET" : "0",
			tst_strerrno(bad_errno));
	else
		tst_res(TPASS, "%ld rounds of %d racing timerfd_settime() "
			"pairs all returned 0", rounds, ITERS);
	check_cancel();
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.exclusive = 1,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "1e38da300e1e"},
		{"CVE", "2017-10661"},
		{}
	},
};
