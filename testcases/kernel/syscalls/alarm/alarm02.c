// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * alarm(2) with the largest values, called raw in a child: INT_MAX,
 * UINT_MAX / 2, UINT_MAX / 4 and UINT_MAX (64-bit kernels keep the whole
 * unsigned value) are armed as given: ITIMER_REAL reads the value back
 * (less the time that passed) and alarm(0) returns it, rounded to the
 * nearest second, never more than was set; no signal comes.
 * Syscalls: alarm
 */
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>
#include "tst_test.h"

static long sys_alarm(unsigned int s)
{
	return syscall(__NR_alarm, s);
}

static void child(void)
{
	static const unsigned int vals[] = {
		INT_MAX, UINT_MAX / 2, UINT_MAX / 4, UINT_MAX
	};
	struct itimerval it;
	unsigned int i;
	double t0, t1;
	long r;

	signal(SIGALRM, SIG_DFL);
	for (i = 0; i < ARRAY_SIZE(vals); i++) {
		t0 = tst_mono_secs();
		TST_EXP_VAL(sys_alarm(vals[i]), 0, "alarm(%u) with none set",
			    vals[i]);
		if (getitimer(ITIMER_REAL, &it))
			tst_brk(TBROK | TERRNO, "getitimer()");
		r = sys_alarm(0);
		t1 = tst_mono_secs();
		TST_EXP_EXPR(it.it_value.tv_sec <= (long)vals[i] &&
			     it.it_value.tv_sec >= (long)vals[i] - 1 -
			     (long)(t1 - t0), "ITIMER_REAL reads %ld s "
			     "(armed %u)", (long)it.it_value.tv_sec, vals[i]);
		TST_EXP_EXPR(r <= (long)vals[i] &&
			     r >= (long)vals[i] - 1 - (long)(t1 - t0),
			     "alarm(0) returns %ld (armed %u, %.3f s ago)", r,
			     vals[i], t1 - t0);
	}
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		child();
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};
