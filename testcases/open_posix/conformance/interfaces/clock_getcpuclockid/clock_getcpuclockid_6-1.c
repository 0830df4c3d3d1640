// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_getcpuclockid() "may fail" with [ESRCH] when "no process can be
 * found corresponding to the process specified by pid" - a terminated
 * child not yet waited for is still such a process. A child uses 100 ms
 * of CPU, reports its own CLOCK_PROCESS_CPUTIME_ID just before _exit()
 * and becomes a zombie (state Z): clock_getcpuclockid() returns 0 and
 * the clock reads at least the reported time, the same value twice
 * (nothing runs any more). Once the child is reaped the pid names no
 * process: the call returns ESRCH (the error number, not -1), the
 * clock ID obtained before fails with [EINVAL].
 */
#include "pts_helpers.h"

int main(void)
{
	struct timespec a, b, junk;
	long long last;
	int p[2], status, r;
	clockid_t c;
	pid_t pid;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		long long now;

		while ((now = pts_now(CLOCK_PROCESS_CPUTIME_ID)) < 100000000LL)
			;
		_exit(write(p[1], &now, sizeof(now)) == sizeof(now) ? 0 : 1);
	}
	close(p[1]);
	if (read(p[0], &last, sizeof(last)) != sizeof(last))
		PTS_UNRES("no report from the child");
	pts_wait_task_state(pid, "Z");

	r = clock_getcpuclockid(pid, &c);
	if (r)
		PTS_FAILED("clock_getcpuclockid(zombie) returned %d (%s)", r,
			   strerrorname_np(r));
	if (clock_gettime(c, &a) || clock_gettime(c, &b))
		PTS_FAILED("clock_gettime(zombie's CPU clock): %m");
	if (pts_ts_ns(&a) < last)
		PTS_FAILED("zombie's clock %lld ns, below its own last reading %lld",
			   pts_ts_ns(&a), last);
	if (pts_ts_ns(&a) != pts_ts_ns(&b))
		PTS_FAILED("zombie's clock moved: %lld then %lld", pts_ts_ns(&a),
			   pts_ts_ns(&b));

	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_UNRES("child status 0x%x", status);
	errno = 0;
	r = clock_getcpuclockid(pid, &c);
	if (r != ESRCH)
		PTS_FAILED("clock_getcpuclockid(reaped) returned %d, expected ESRCH",
			   r);
	PTS_EXPECT_ERRNO(clock_gettime(c, &junk), EINVAL,
			 "clock_gettime() of a reaped child's clock");
	PTS_PASSED("a zombie's clock reads its final %lld ns; ESRCH once reaped",
		   pts_ts_ns(&a));
}
