// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * An overrun count too large for an int saturates at INT_MAX, in
 * si_overrun and in timer_getoverrun(), instead of wrapping to a negative
 * or small value (CVE-2018-12896, fixed by 78c9c4dfbf8c "posix-timers:
 * Sanitize overrun handling"). The timer is a CLOCK_REALTIME one with
 * TIMER_ABSTIME at 1 ns after the epoch and the clock's resolution as
 * interval: by now, far more than INT_MAX intervals have passed.
 */
#include <limits.h>
#include "time_event.h"

static void run(void)
{
	struct timespec res;
	long long expected;
	siginfo_t info;
	int id;

	if (clock_getres(CLOCK_REALTIME, &res))
		tst_brk(TBROK | TERRNO, "clock_getres(CLOCK_REALTIME)");
	expected = clock_ns(CLOCK_REALTIME) / ts_ns(&res);
	if (expected <= INT_MAX)
		tst_brk(TCONF, "CLOCK_REALTIME (%lld ns) is too close to the "
			"epoch to overrun INT_MAX times",
			clock_ns(CLOCK_REALTIME));

	id = ktimer_new(CLOCK_REALTIME, SIGEV_SIGNAL, SIGUSR1, 0);
	ktimer_arm(id, TIMER_ABSTIME, 1, ts_ns(&res));
	if (!tev_wait_signal(SIGUSR1, 10000, &info)) {
		tst_res(TFAIL, "no signal from a timer due in 1970");
		goto out;
	}
	TST_EXP_EXPR(info.si_overrun == INT_MAX, "si_overrun saturated at "
		     "INT_MAX (%d)", info.si_overrun);
	TST_EXP_VAL(ktimer_getoverrun(id), INT_MAX, "timer_getoverrun()");
out:
	/* the timer re-armed at delivery keeps firing until disarmed */
	ktimer_arm(id, 0, 0, 0);
	ktimer_delete(id);
	tev_drain_signal(SIGUSR1);
}

static void setup(void)
{
	tev_sigmask(SIG_BLOCK, SIGUSR1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "78c9c4dfbf8c"},
		{"CVE", "2018-12896"},
		{}
	},
};
