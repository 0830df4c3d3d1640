// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create() with the clock ID of another process from
 * clock_getcpuclockid(): the timer measures that process's CPU time. A
 * child spins; a 30 ms timer on its CPU clock expires once the child
 * has used 30 ms of CPU (read on the same clock by the parent). A timer
 * on the CPU clock of a reaped process can no longer be created.
 */
#include "pts_helpers.h"

#define VAL 30000000LL

int main(void)
{
	struct itimerspec its = { .it_value = { 0, VAL } };
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL,
				.sigev_signo = SIGRTMIN };
	struct timespec lim = pts_ns_ts(pts_bound_ns(30));
	clockid_t clk;
	long long used;
	sigset_t set;
	timer_t t;
	pid_t pid;
	int err, status;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		for (;;)
			;
	err = clock_getcpuclockid(pid, &clk);
	if (err)
		PTS_FAILED("clock_getcpuclockid(child): %s", strerror(err));
	if (timer_create(clk, &sev, &t))
		PTS_FAILED("timer_create(child's CPU clock): %m");
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	if (sigtimedwait(&set, NULL, &lim) != SIGRTMIN) {
		kill(pid, SIGKILL);
		PTS_FAILED("no expiry of the child's CPU-time timer: %m");
	}
	used = pts_now(clk);
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	if (used < VAL)
		PTS_FAILED("expired after the child used %lld ns, before %lld", used,
			   VAL);
	timer_delete(t);
	PTS_EXPECT_ERRNO(timer_create(clk, &sev, &t), EINVAL,
			 "timer_create(CPU clock of a reaped process)");
	PTS_PASSED("timer on another process's CPU clock expired at %lld ns", used);
}
