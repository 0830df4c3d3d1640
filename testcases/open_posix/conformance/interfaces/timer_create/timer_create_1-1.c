// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create() with SIGEV_SIGNAL: when the armed timer expires, the
 * signal sigev_signo is generated for the process with si_code SI_TIMER
 * and si_value the sigev_value given to timer_create(). Checked for
 * CLOCK_REALTIME and, when supported, CLOCK_MONOTONIC: a 50 ms one-shot
 * timer; the signal is taken with sigtimedwait() (generous 30 s limit).
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "posixtest.h"

#define VALUE 0x1234abcd

static void check_clock(clockid_t clk, const char *name)
{
	struct sigevent sev;
	struct itimerspec its = { .it_value = { 0, 50000000 } };
	struct timespec limit = { 30, 0 };
	siginfo_t info;
	sigset_t set;
	timer_t t;
	int sig;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGRTMIN;
	sev.sigev_value.sival_int = VALUE;
	if (timer_create(clk, &sev, &t))
		PTS_FAILED("timer_create(%s, SIGEV_SIGNAL): %m", name);
	if (timer_settime(t, 0, &its, NULL))
		PTS_FAILED("timer_settime(%s, 50 ms): %m", name);

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sig = sigtimedwait(&set, &info, &limit);
	if (sig < 0 && errno == EAGAIN)
		PTS_FAILED("%s: the 50 ms timer did not signal within 30 s", name);
	if (sig != SIGRTMIN)
		PTS_UNRES("sigtimedwait() = %d: %m", sig);
	if (info.si_code != SI_TIMER)
		PTS_FAILED("%s: si_code %d, expected SI_TIMER (%d)", name,
			   info.si_code, SI_TIMER);
	if (info.si_value.sival_int != VALUE)
		PTS_FAILED("%s: si_value %#x, expected %#x", name,
			   info.si_value.sival_int, VALUE);
	if (timer_delete(t))
		PTS_FAILED("timer_delete(): %m");
	printf("%s: SIGRTMIN with SI_TIMER and si_value %#x\n", name, VALUE);
}

int main(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		PTS_UNRES("sigprocmask(): %m");

	check_clock(CLOCK_REALTIME, "CLOCK_REALTIME");
	if (sysconf(_SC_MONOTONIC_CLOCK) > 0)
		check_clock(CLOCK_MONOTONIC, "CLOCK_MONOTONIC");
	PTS_PASSED("expired timers generated their signal with SI_TIMER and sigev_value");
}
