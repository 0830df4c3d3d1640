// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_settime() errors: EINVAL for a timer id never created, one
 * deleted, and a negative one; EINVAL for a NULL new value, for tv_nsec
 * outside [0, 1e9) or a negative tv_sec in it_value or it_interval; EFAULT
 * for an unmapped new value, and for an unmapped old value (the timer is
 * then armed all the same). A failed call leaves the timer's setting as
 * it was.
 */
#include <limits.h>
#include "time_event.h"

static int id, deleted;
static void *bad_addr;

static void test_bad_ids(void)
{
	struct itimerspec its = {{0, 0}, {1, 0}};

	TST_EXP_FAIL(ktimer_settime(deleted, 0, &its, NULL), EINVAL,
		     "timer_settime(deleted timer)");
	TST_EXP_FAIL(ktimer_settime(INT_MAX, 0, &its, NULL), EINVAL,
		     "timer_settime(id INT_MAX, never created)");
	TST_EXP_FAIL(ktimer_settime(-1, 0, &its, NULL), EINVAL,
		     "timer_settime(id -1)");
}

static void test_bad_values(void)
{
	static const struct timespec bad[] = {
		{0, NSEC_PER_SEC}, {0, -1}, {-1, 0}, {1, LONG_MAX},
	};
	struct itimerspec its, cur;
	unsigned int i;

	ktimer_arm(id, 0, 60 * NSEC_PER_SEC, 0);
	TST_EXP_FAIL(ktimer_settime(id, 0, NULL, NULL), EINVAL,
		     "timer_settime(NULL new value)");
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		its.it_interval = (struct timespec){0, 0};
		its.it_value = bad[i];
		TST_EXP_FAIL(ktimer_settime(id, 0, &its, NULL), EINVAL,
			     "timer_settime(it_value {%lld, %ld})",
			     (long long)bad[i].tv_sec, bad[i].tv_nsec);
		its.it_interval = bad[i];
		its.it_value = (struct timespec){1, 0};
		TST_EXP_FAIL(ktimer_settime(id, 0, &its, NULL), EINVAL,
			     "timer_settime(it_interval {%lld, %ld})",
			     (long long)bad[i].tv_sec, bad[i].tv_nsec);
	}
	if (ktimer_gettime(id, &cur))
		tst_brk(TBROK | TERRNO, "timer_gettime()");
	TST_EXP_EXPR(ts_ns(&cur.it_value) > NSEC_PER_SEC &&
		     ts_ns(&cur.it_interval) == 0,
		     "the 60 s setting survived the failed calls (%lld ns "
		     "left)", ts_ns(&cur.it_value));
}

static void test_efault(void)
{
	struct itimerspec its = {{0, 0}, {30, 0}}, cur;

	ktimer_arm(id, 0, 0, 0);
	TST_EXP_FAIL(ktimer_settime(id, 0, bad_addr, NULL), EFAULT,
		     "timer_settime(unmapped new value)");
	TST_EXP_FAIL(ktimer_settime(id, 0, &its, bad_addr), EFAULT,
		     "timer_settime(30 s, unmapped old value)");
	if (ktimer_gettime(id, &cur))
		tst_brk(TBROK | TERRNO, "timer_gettime()");
	TST_EXP_EXPR(ts_ns(&cur.it_value) > NSEC_PER_SEC,
		     "the timer is armed all the same (%lld ns left)",
		     ts_ns(&cur.it_value));
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_bad_ids();
		break;
	case 1:
		test_bad_values();
		break;
	case 2:
		test_efault();
		break;
	}
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
	id = ktimer_new(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0);
	deleted = ktimer_new(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0);
	if (ktimer_delete(deleted))
		tst_brk(TBROK | TERRNO, "timer_delete()");
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
};
