// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_getcpuclockid(): returns the CPU-time clock of a process; for a
 * child blocked in pause() the clock stands still, for a spinning child
 * it advances; for the caller (pid 0... the own pid) it equals the
 * process clock's reading, or is later; a pid with no process returns
 * ESRCH.
 */
#include "pts_helpers.h"

int main(void)
{
	long long a, b, end;
	clockid_t clk;
	int err, status;
	pid_t pid;

	pid = fork();
	if (!pid) {
		pause();
		_exit(0);
	}
	err = clock_getcpuclockid(pid, &clk);
	if (err)
		PTS_FAILED("clock_getcpuclockid(child): %s", strerror(err));
	pts_wait_in_syscall(pid, SYS_pause);
	a = pts_now(clk);
	pts_nap();
	pts_nap();
	b = pts_now(clk);
	if (a != b)
		PTS_FAILED("a paused child's CPU clock moved %lld ns", b - a);
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	pid = fork();
	if (!pid)
		for (;;)
			;
	clock_getcpuclockid(pid, &clk);
	a = pts_now(clk);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (pts_now(clk) - a < 10000000)
		if (pts_now(CLOCK_MONOTONIC) > end) {
			kill(pid, SIGKILL);
			PTS_FAILED("a spinning child's CPU clock did not advance");
		}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	err = clock_getcpuclockid(pid, &clk);
	if (err != ESRCH)
		PTS_FAILED("reaped pid returned %d, expected ESRCH", err);
	err = clock_getcpuclockid(getpid(), &clk);
	if (err)
		PTS_FAILED("own pid: %s", strerror(err));
	a = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	b = pts_now(clk);
	if (b < a)
		PTS_FAILED("own CPU clock %lld behind CLOCK_PROCESS_CPUTIME_ID %lld",
			   b, a);
	PTS_PASSED("process CPU clocks frozen when paused, advancing, ESRCH");
}
