// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getrusage(RUSAGE_CHILDREN) counts only children that terminated and
 * were waited for. With SIGCHLD set to SIG_IGN a child is not waited for
 * (it never becomes a zombie, wait() ends with [ECHILD]); its 200 ms of
 * CPU time must not appear: ru_utime + ru_stime of RUSAGE_CHILDREN stay
 * exactly as before. (Linux before 2.6.9 added such children, see
 * getrusage(2) NOTES.) With SIG_DFL again, a child waited for adds at
 * least its CPU time less a tick, so the counter is live.
 */
#include "pts_helpers.h"

#define SPIN (200 * 1000000LL)

static long long children_us(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_CHILDREN, &ru))
		PTS_UNRES("getrusage(RUSAGE_CHILDREN): %m");
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000LL +
	       ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
}

int main(void)
{
	long long before, after;
	pid_t pid;
	int st;

	signal(SIGCHLD, SIG_IGN);
	before = children_us();
	pid = pts_cpu_spinner(SPIN);
	PTS_EXPECT_ERRNO(waitpid(pid, &st, 0), ECHILD,
			 "waitpid() with SIGCHLD ignored");
	after = children_us();
	if (after != before)
		PTS_FAILED("an unwaited child (SIGCHLD ignored) counted: %lld us -> %lld us",
			   before, after);

	signal(SIGCHLD, SIG_DFL);
	pid = pts_cpu_spinner(SPIN);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		PTS_UNRES("waitpid(): %m");
	after = children_us();
	if (after - before < SPIN / 1000 - 20000)
		PTS_FAILED("a waited-for child of %lld ms CPU added only %lld us",
			   SPIN / 1000000, after - before);
	PTS_PASSED("RUSAGE_CHILDREN unchanged by an unwaited child, +%lld us for a waited one",
		   after - before);
}
