// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * exec: "The tms_utime, tms_stime, tms_cutime, and tms_cstime values
 * returned by times() of the new process image shall be the same as
 * those of the calling process" (CPU time is not reset). A child burns
 * at least 300 ms of CPU and reaps a grandchild that burned at least
 * 300 ms, then executes this program again with the values it read:
 * the new image's times() and CLOCK_PROCESS_CPUTIME_ID are not below
 * them (they can only have grown), and the children's times not zero.
 */
#include <sys/times.h>

#include "pts_helpers.h"

static void burn(long long ns)
{
	long long end = pts_now(CLOCK_PROCESS_CPUTIME_ID) + ns;

	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) < end)
		;
}

static int check(char *argv[])
{
	long long cpu = atoll(argv[2]), now = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	long self = atol(argv[3]), kids = atol(argv[4]);
	struct tms t;

	if (times(&t) == (clock_t)-1)
		return 9;
	printf("new image: cpu %lld ns (before %lld), ticks %ld (%ld), children %ld (%ld)\n",
	       now, cpu, (long)(t.tms_utime + t.tms_stime), self,
	       (long)(t.tms_cutime + t.tms_cstime), kids);
	if (now < cpu)
		return 10;
	if ((long)(t.tms_utime + t.tms_stime) < self)
		return 11;
	if ((long)(t.tms_cutime + t.tms_cstime) < kids || !kids)
		return 12;
	return 0;
}

int main(int argc, char *argv[])
{
	char self[4096], a[32], b[32], c[32];
	int status, n;
	struct tms t;
	pid_t pid, g;

	if (argc > 4)
		return check(argv);
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		PTS_UNRES("readlink(): %m");
	self[n] = 0;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		g = fork();
		if (g < 0)
			_exit(30);
		if (!g) {
			burn(300000000LL);
			_exit(0);
		}
		burn(300000000LL);
		if (waitpid(g, &status, 0) != g || status)
			_exit(31);
		if (times(&t) == (clock_t)-1)
			_exit(32);
		snprintf(a, sizeof(a), "%lld", pts_now(CLOCK_PROCESS_CPUTIME_ID));
		snprintf(b, sizeof(b), "%ld", (long)(t.tms_utime + t.tms_stime));
		snprintf(c, sizeof(c), "%ld", (long)(t.tms_cutime + t.tms_cstime));
		execl(self, "execve_13-1", "check", a, b, c, (char *)NULL);
		_exit(33);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (WIFEXITED(status) && WEXITSTATUS(status) >= 30)
		PTS_UNRES("set-up failed: %d", WEXITSTATUS(status));
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("after exec: status %#x (10: CPU clock, 11: tms_utime+tms_stime, 12: tms_cutime+tms_cstime)",
			   status);
	PTS_PASSED("CPU times and the children's times kept across exec");
}
