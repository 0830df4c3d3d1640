// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setitimer() errors: EINVAL for an unknown timer, and for tv_usec outside
 * [0, 1e6) or a negative tv_sec in it_value or it_interval; EFAULT for an
 * unmapped new value, and for an unmapped old value (the timer is then
 * set all the same). A failed call leaves the setting as it was.
 */
#include <limits.h>
#include <sys/time.h>
#include "time_event.h"

static void *bad_addr;

static long long tv_us(const struct timeval *tv)
{
	return tv->tv_sec * 1000000LL + tv->tv_usec;
}

static int sys_setitimer(int which, const struct itimerval *val,
			 struct itimerval *old)
{
	return syscall(SYS_setitimer, which, val, old);
}

static void test_which(void)
{
	struct itimerval val = {{0, 0}, {1, 0}};

	TST_EXP_FAIL(sys_setitimer(3, &val, NULL), EINVAL, "setitimer(3)");
	TST_EXP_FAIL(sys_setitimer(-1, &val, NULL), EINVAL, "setitimer(-1)");
	TST_EXP_FAIL(sys_setitimer(INT_MAX, &val, NULL), EINVAL,
		     "setitimer(INT_MAX)");
}

static void test_values(void)
{
	static const struct timeval bad[] = {
		{0, 1000000}, {0, -1}, {-1, 0}, {1, LONG_MAX},
	};
	struct itimerval val, cur;
	unsigned int i;

	if (sys_setitimer(ITIMER_REAL, &(struct itimerval){{0, 0}, {60, 0}},
			  NULL))
		tst_brk(TBROK | TERRNO, "setitimer(ITIMER_REAL, 60 s)");
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		val.it_interval = (struct timeval){0, 0};
		val.it_value = bad[i];
		TST_EXP_FAIL(sys_setitimer(ITIMER_REAL, &val, NULL), EINVAL,
			     "setitimer(it_value {%lld, %ld})",
			     (long long)bad[i].tv_sec, (long)bad[i].tv_usec);
		val.it_interval = bad[i];
		val.it_value = (struct timeval){1, 0};
		TST_EXP_FAIL(sys_setitimer(ITIMER_PROF, &val, NULL), EINVAL,
			     "setitimer(ITIMER_PROF, it_interval {%lld, %ld})",
			     (long long)bad[i].tv_sec, (long)bad[i].tv_usec);
	}
	getitimer(ITIMER_REAL, &cur);
	TST_EXP_EXPR(tv_us(&cur.it_value) > 1000000,
		     "the 60 s ITIMER_REAL survived the failed calls (%lld us "
		     "left)", tv_us(&cur.it_value));
	getitimer(ITIMER_PROF, &cur);
	TST_EXP_EXPR(tv_us(&cur.it_value) == 0, "ITIMER_PROF stayed unset");
	sys_setitimer(ITIMER_REAL, &(struct itimerval){{0, 0}, {0, 0}}, NULL);
}

static void test_efault(void)
{
	struct itimerval cur;

	TST_EXP_FAIL(sys_setitimer(ITIMER_REAL, bad_addr, NULL), EFAULT,
		     "setitimer(ITIMER_REAL, unmapped new value)");
	TST_EXP_FAIL(sys_setitimer(ITIMER_REAL, &(struct itimerval){{0, 0},
			{30, 0}}, bad_addr), EFAULT,
		     "setitimer(ITIMER_REAL, 30 s, unmapped old value)");
	getitimer(ITIMER_REAL, &cur);
	TST_EXP_EXPR(tv_us(&cur.it_value) > 1000000,
		     "ITIMER_REAL is set all the same (%lld us left)",
		     tv_us(&cur.it_value));
	sys_setitimer(ITIMER_REAL, &(struct itimerval){{0, 0}, {0, 0}}, NULL);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_which();
		break;
	case 1:
		test_values();
		break;
	case 2:
		test_efault();
		break;
	}
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
	/* a timer that fires by mistake must not kill the test */
	tev_sigmask(SIG_BLOCK, SIGALRM);
	tev_sigmask(SIG_BLOCK, SIGPROF);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
};
