// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create() with an invalid sigevent fails with [EINVAL] and
 * creates no timer: sigev_notify that is none of SIGEV_NONE, SIGEV_SIGNAL
 * and SIGEV_THREAD (a value of 1000), and SIGEV_SIGNAL with sigev_signo
 * 0, SIGRTMAX + 1 or negative. The timer ID variable is left alone and a
 * valid request right after still succeeds.
 */
#include "pts_helpers.h"

static void expect_einval(int notify, int signo, const char *what)
{
	struct sigevent sev;
	timer_t t = (timer_t)0x5a5a;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = notify;
	sev.sigev_signo = signo;
	PTS_EXPECT_ERRNO(timer_create(CLOCK_MONOTONIC, &sev, &t), EINVAL, what);
	if (t != (timer_t)0x5a5a)
		PTS_FAILED("%s: timer ID written on failure", what);
}

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	timer_t t;

	expect_einval(1000, SIGUSR1, "sigev_notify 1000");
	expect_einval(SIGEV_SIGNAL, 0, "SIGEV_SIGNAL with signal 0");
	expect_einval(SIGEV_SIGNAL, SIGRTMAX + 1, "SIGEV_SIGNAL with SIGRTMAX + 1");
	expect_einval(SIGEV_SIGNAL, -5, "SIGEV_SIGNAL with signal -5");
	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_FAILED("valid timer_create() after the errors: %m");
	timer_delete(t);
	PTS_PASSED("EINVAL for bad sigev_notify and signal numbers");
}
