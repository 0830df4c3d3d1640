// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_delete(): "If the timer is armed when timer_delete() is called,
 * the behavior shall be as if the timer is automatically disarmed before
 * removal." An armed 300 ms timer deleted at once never delivers its
 * signal (nothing pending after it would have fired, 400 ms on); the ID is
 * then invalid for timer_gettime() ([EINVAL]).
 */
#include "pts_helpers.h"

int main(void)
{
	struct itimerspec its = { .it_value = { 0, 300000000 } }, cur;
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL,
				.sigev_signo = SIGRTMIN };
	struct timespec wait = { 0, 400000000 };
	long long t0;
	sigset_t set;
	timer_t t;
	int tries;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(): %m");
	for (tries = 0;; tries++) {
		t0 = pts_now(CLOCK_MONOTONIC);
		timer_settime(t, 0, &its, NULL);
		if (timer_delete(t))
			PTS_FAILED("timer_delete(armed timer): %m");
		if (pts_now(CLOCK_MONOTONIC) - t0 < 300000000)
			break;
		/* held off the CPU so long that it may have fired: again */
		if (tries == 5)
			PTS_UNRES("never deleted the timer within 300 ms");
		sigtimedwait(&set, NULL, &wait);
		if (timer_create(CLOCK_MONOTONIC, &sev, &t))
			PTS_UNRES("timer_create(): %m");
	}
	errno = 0;
	if (sigtimedwait(&set, NULL, &wait) != -1 || errno != EAGAIN)
		PTS_FAILED("a deleted timer delivered a signal");
	PTS_EXPECT_ERRNO(timer_gettime(t, &cur), EINVAL,
			 "timer_gettime(deleted timer)");
	PTS_PASSED("deleting an armed timer disarmed it");
}
