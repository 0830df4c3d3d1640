// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_nanosleep() returns [EINVAL] when clock_id does not refer to a
 * known clock: the CPU-time clock of a child (clock_getcpuclockid()) is
 * usable while the child exists (an absolute time 0, already passed,
 * returns 0 at once), and once the child is reaped the same clock ID
 * fails with EINVAL, relative and absolute, as do the undefined IDs 12
 * and 1000; the error number is returned, never EINTR or a sleep.
 */
#include "pts_helpers.h"

int main(void)
{
	struct timespec zero = { 0, 0 }, ms = { 0, 1000000 };
	clockid_t clk;
	pid_t pid;
	int e;

	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		pause();
		_exit(0);
	}
	e = clock_getcpuclockid(pid, &clk);
	if (e)
		PTS_UNRES("clock_getcpuclockid(): %s", strerror(e));
	PTS_EXPECT_ERR(clock_nanosleep(clk, TIMER_ABSTIME, &zero, NULL), 0,
		       "clock_nanosleep(live child's CPU clock, absolute 0)");
	kill(pid, SIGKILL);
	if (waitpid(pid, NULL, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	PTS_EXPECT_ERR(clock_nanosleep(clk, TIMER_ABSTIME, &zero, NULL), EINVAL,
		       "clock_nanosleep(reaped child's CPU clock, absolute 0)");
	PTS_EXPECT_ERR(clock_nanosleep(clk, 0, &ms, NULL), EINVAL,
		       "clock_nanosleep(reaped child's CPU clock, relative 1 ms)");
	PTS_EXPECT_ERR(clock_nanosleep((clockid_t)12, 0, &ms, NULL), EINVAL,
		       "clock_nanosleep(clock 12)");
	PTS_EXPECT_ERR(clock_nanosleep((clockid_t)1000, TIMER_ABSTIME, &zero, NULL),
		       EINVAL, "clock_nanosleep(clock 1000)");
	PTS_PASSED("EINVAL for a reaped process's CPU clock and undefined clocks");
}
