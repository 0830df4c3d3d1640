// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork(): the child's tms_cutime and tms_cstime start at 0 (the parent's
 * are not, having reaped a child that used CPU time), and its tms_utime
 * and tms_stime start from 0 (below the parent's, which spun first).
 */
#include <sys/times.h>

#include "pts_helpers.h"

static void spin(long long ns)
{
	long long end = pts_now(CLOCK_PROCESS_CPUTIME_ID) + ns;

	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) < end)
		;
}

int main(void)
{
	long hz = sysconf(_SC_CLK_TCK);
	struct tms pt, ct;
	int status, p[2];
	pid_t pid;

	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		spin(PTS_NSEC / 2);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	spin(PTS_NSEC / 2);
	times(&pt);
	if (pt.tms_cutime + pt.tms_cstime == 0 || pt.tms_utime + pt.tms_stime < hz / 4)
		PTS_UNRES("parent times not accumulated: %ld %ld %ld %ld",
			  (long)pt.tms_utime, (long)pt.tms_stime,
			  (long)pt.tms_cutime, (long)pt.tms_cstime);
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		times(&ct);
		if (write(p[1], &ct, sizeof(ct)) != sizeof(ct))
			_exit(3);
		_exit(0);
	}
	if (read(p[0], &ct, sizeof(ct)) != sizeof(ct))
		PTS_UNRES("no times from the child");
	waitpid(pid, &status, 0);
	if (ct.tms_cutime || ct.tms_cstime)
		PTS_FAILED("child's tms_cutime %ld tms_cstime %ld, expected 0",
			   (long)ct.tms_cutime, (long)ct.tms_cstime);
	if (ct.tms_utime + ct.tms_stime >= pt.tms_utime + pt.tms_stime)
		PTS_FAILED("child's tms_utime + tms_stime %ld not below the parent's %ld: not reset",
			   (long)(ct.tms_utime + ct.tms_stime),
			   (long)(pt.tms_utime + pt.tms_stime));
	PTS_PASSED("child's times start at 0 (parent %ld+%ld, children %ld+%ld ticks)",
		   (long)pt.tms_utime, (long)pt.tms_stime, (long)pt.tms_cutime,
		   (long)pt.tms_cstime);
}
