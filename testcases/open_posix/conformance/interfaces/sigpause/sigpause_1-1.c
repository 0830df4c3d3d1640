// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigpause() (XSI): removes sig from the mask and suspends the process
 * until a signal is delivered, then restores the mask of before the call
 * and returns -1 with [EINTR]. Here SIGUSR1 and SIGUSR2 are blocked and
 * pending: sigpause(SIGUSR1) delivers SIGUSR1 at once and returns; the
 * still blocked SIGUSR2 stays pending and undelivered; SIGUSR1 is blocked
 * again. [EINVAL] for an illegal signal number (0, _NSIG), checked in a
 * child: a C library that does not check the number suspends instead,
 * which the parent sees in /proc/PID/syscall (a known issue, not a
 * hang). (Deprecated in glibc; warning silenced.)
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_helpers.h"

static volatile sig_atomic_t ran1, ran2;

static void handler(int sig)
{
	if (sig == SIGUSR1)
		ran1++;
	else
		ran2++;
}

static long syscall_of(pid_t pid)
{
	char path[64], buf[128];
	long nr = -2;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/syscall", (int)pid);
	f = fopen(path, "r");
	if (f) {
		if (!fgets(buf, sizeof(buf), f) || sscanf(buf, "%ld", &nr) != 1)
			nr = -2;
		fclose(f);
	}
	return nr;
}

/* 1: EINVAL; 0: the child suspended in sigpause(sig) (killed) */
static int einval(int sig)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	int status;
	pid_t pid, r;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		errno = 0;
		r = sigpause(sig);
		printf("sigpause(%d) returned %d, errno %d\n", sig, (int)r, errno);
		exit(r == -1 && errno == EINVAL ? PTS_PASS : PTS_FAIL);
	}
	while (!(r = waitpid(pid, &status, WNOHANG))) {
		if (syscall_of(pid) == SYS_rt_sigsuspend) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			printf("sigpause(%d) suspended the child\n", sig);
			return 0;
		}
		if (pts_now(CLOCK_MONOTONIC) > end) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			PTS_UNRES("sigpause(%d): child neither returned nor slept", sig);
		}
		pts_nap();
	}
	if (r != pid || !WIFEXITED(status))
		PTS_UNRES("sigpause(%d) child: status %#x", sig, status);
	if (WEXITSTATUS(status) != PTS_PASS)
		PTS_FAILED("sigpause(%d) did not fail with EINVAL", sig);
	return 1;
}

int main(void)
{
	int ok;

	sigset_t set, m;
	int r, sig;

	signal(SIGUSR1, handler);
	signal(SIGUSR2, handler);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_SETMASK, &set, NULL);
	raise(SIGUSR1);
	raise(SIGUSR2);
	errno = 0;
	r = sigpause(SIGUSR1);
	printf("sigpause() returned %d, errno %d; SIGUSR1 ran %d, SIGUSR2 ran %d\n",
	       r, errno, (int)ran1, (int)ran2);
	if (r != -1 || errno != EINTR)
		PTS_FAILED("expected -1 with EINTR");
	if (ran1 != 1 || ran2)
		PTS_FAILED("wrong handlers ran");
	sigprocmask(SIG_BLOCK, NULL, &m);
	if (!sigismember(&m, SIGUSR1) || !sigismember(&m, SIGUSR2))
		PTS_FAILED("the mask was not restored");
	sigpending(&m);
	if (!sigismember(&m, SIGUSR2))
		PTS_FAILED("SIGUSR2 no longer pending");
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	if (sigwait(&set, &sig) || sig != SIGUSR2)
		PTS_UNRES("sigwait() failed");
	ok = einval(0);
	ok &= einval(_NSIG);
	if (!ok)
		PTS_KNOWN_ISSUE("sigpause EINVAL",
				"sigpause() of an illegal signal number suspends instead of failing with EINVAL (the C library does not check it)");
	PTS_PASSED("sigpause() unblocks sig only, EINTR, mask restored");
}
