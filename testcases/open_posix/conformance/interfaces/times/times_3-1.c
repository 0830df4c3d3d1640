// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * times(): tms_cutime and tms_cstime hold the times of the terminated
 * children that were waited for. With SIGCHLD set to SIG_IGN a child is
 * not waited for (no zombie, wait() ends with [ECHILD]): its 200 ms of
 * CPU time must leave tms_cutime + tms_cstime exactly as before. With
 * SIG_DFL again, a child waited for adds at least its CPU time less two
 * ticks, so the counter is live.
 */
#include <sys/times.h>
#include "pts_helpers.h"

#define SPIN (200 * 1000000LL)

static long long children_ticks(void)
{
	struct tms t;

	if (times(&t) == (clock_t)-1)
		PTS_UNRES("times(): %m");
	return (long long)t.tms_cutime + t.tms_cstime;
}

int main(void)
{
	long hz = sysconf(_SC_CLK_TCK);
	long long before, after, need = SPIN * hz / PTS_NSEC - 2;
	pid_t pid;
	int st;

	signal(SIGCHLD, SIG_IGN);
	before = children_ticks();
	pid = pts_cpu_spinner(SPIN);
	PTS_EXPECT_ERRNO(waitpid(pid, &st, 0), ECHILD,
			 "waitpid() with SIGCHLD ignored");
	after = children_ticks();
	if (after != before)
		PTS_FAILED("an unwaited child (SIGCHLD ignored) counted: %lld -> %lld ticks",
			   before, after);

	signal(SIGCHLD, SIG_DFL);
	pid = pts_cpu_spinner(SPIN);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		PTS_UNRES("waitpid(): %m");
	after = children_ticks();
	if (after - before < need)
		PTS_FAILED("a waited-for child of %lld ms CPU added %lld ticks, expected >= %lld",
			   SPIN / 1000000, after - before, need);
	PTS_PASSED("tms_cutime + tms_cstime unchanged by an unwaited child, +%lld ticks for a waited one",
		   after - before);
}
