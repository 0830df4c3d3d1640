// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execve(): the interval timers and the process signal mask survive: an
 * ITIMER_REAL of 100 s with a 7 s interval and an ITIMER_PROF of 50 s
 * set before the exec read back in the new image with their intervals
 * (7 s, 0) and the time left in (0, value + one tick], the mask keeps
 * SIGUSR2 blocked, and no SIGALRM arrives early (none pending).
 */
#include <sys/time.h>

#include "pts_helpers.h"

int main(int argc, char *argv[])
{
	struct itimerval r = { { 7, 0 }, { 100, 0 } }, p = { { 0, 0 }, { 50, 0 } }, cur;
	char self[4096];
	sigset_t mask, pend;
	int status, n;
	long long v;
	pid_t pid;

	(void)argv;
	if (argc > 1) {
		if (getitimer(ITIMER_REAL, &cur))
			return 9;
		v = cur.it_value.tv_sec * 1000000LL + cur.it_value.tv_usec;
		if (cur.it_interval.tv_sec != 7 || cur.it_interval.tv_usec || v <= 0 ||
		    v > 100000000)
			return 10;
		if (getitimer(ITIMER_PROF, &cur))
			return 9;
		v = cur.it_value.tv_sec * 1000000LL + cur.it_value.tv_usec;
		if (cur.it_interval.tv_sec || cur.it_interval.tv_usec || v <= 0 ||
		    v > 50010000)
			return 11;
		sigprocmask(SIG_SETMASK, NULL, &mask);
		if (!sigismember(&mask, SIGUSR2))
			return 12;
		sigpending(&pend);
		return sigismember(&pend, SIGALRM) ? 13 : 0;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		PTS_UNRES("readlink(): %m");
	self[n] = 0;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		sigemptyset(&mask);
		sigaddset(&mask, SIGUSR2);
		sigprocmask(SIG_BLOCK, &mask, NULL);
		if (setitimer(ITIMER_REAL, &r, NULL) || setitimer(ITIMER_PROF, &p, NULL))
			_exit(30);
		execl(self, "execve_8-1", "check", (char *)NULL);
		_exit(31);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (WIFEXITED(status) && WEXITSTATUS(status) >= 30)
		PTS_UNRES("set-up failed: %d", WEXITSTATUS(status));
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("after exec: status %#x (10: ITIMER_REAL, 11: ITIMER_PROF, 12: mask, 13: SIGALRM pending)",
			   status);
	PTS_PASSED("interval timers and the signal mask kept across exec");
}
