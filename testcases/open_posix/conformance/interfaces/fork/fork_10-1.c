// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork() (TMR): "Per-process timers created by the parent shall not be
 * inherited by the child process." The parent creates two timers
 * (SIGEV_SIGNAL, SIGUSR1 blocked): one armed for 100 s and one armed for
 * 50 ms just before fork(). In the child timer_gettime() and
 * timer_delete() of the parent's timer IDs fail with [EINVAL]; once the
 * parent has taken the short timer's SIGUSR1 (si_code SI_TIMER), the
 * child finds no SIGUSR1 pending. The parent's long timer is still armed afterwards.
 */
#include <time.h>

#include "pts_helpers.h"

static timer_t long_t, short_t;
static int go[2];

static int child(void)
{
	struct itimerspec it;
	sigset_t pend;
	char c;

	close(go[1]);
	PTS_EXPECT_ERRNO(timer_gettime(long_t, &it), EINVAL,
			 "the child's timer_gettime() of the parent's timer");
	PTS_EXPECT_ERRNO(timer_delete(short_t), EINVAL,
			 "the child's timer_delete() of the parent's timer");
	/* the parent closes its end once its own timer has fired */
	if (read(go[0], &c, 1) != 0)
		return PTS_UNRESOLVED;
	if (sigpending(&pend))
		return PTS_UNRESOLVED;
	if (sigismember(&pend, SIGUSR1)) {
		printf("the child got the parent's timer signal\n");
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	struct itimerspec it = { { 0, 0 }, { 100, 0 } };
	struct timespec to = pts_ns_ts(pts_bound_ns(30));
	struct sigevent sev;
	siginfo_t si;
	sigset_t set;
	pid_t pid;
	int r;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGUSR1;
	if (sigprocmask(SIG_BLOCK, &set, NULL) || pipe(go) ||
	    timer_create(CLOCK_MONOTONIC, &sev, &long_t) ||
	    timer_create(CLOCK_MONOTONIC, &sev, &short_t) ||
	    timer_settime(long_t, 0, &it, NULL))
		PTS_UNRES("set-up: %m");
	it.it_value.tv_sec = 0;
	it.it_value.tv_nsec = 50000000;
	if (timer_settime(short_t, 0, &it, NULL))
		PTS_UNRES("timer_settime(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		_exit(child());
	close(go[0]);
	r = sigtimedwait(&set, &si, &to);
	if (r != SIGUSR1 || si.si_code != SI_TIMER)
		PTS_UNRES("the parent's 50 ms timer did not fire: %d", r);
	close(go[1]);
	pts_reap(pid, "child");
	if (timer_gettime(long_t, &it) || it.it_value.tv_sec <= 0)
		PTS_FAILED("the parent's 100 s timer is no longer armed: %m");
	PTS_PASSED("the child has none of the parent's timers nor their signals");
}
