// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigignore(SIGCHLD) (XSI): SIGCHLD's disposition becomes SIG_IGN, and
 * "If the action for the SIGCHLD signal is set to SIG_IGN, child
 * processes of the calling processes shall not be transformed into
 * zombie processes when they terminate. If the calling process
 * subsequently waits for its children, and the process has no unwaited-
 * for children that were transformed into zombie processes, it shall
 * block until all of its children terminate, and wait(), waitid(), and
 * waitpid() shall fail and set errno to [ECHILD]." A child that has
 * exited leaves no /proc entry (no zombie) and waitpid() of it fails
 * with ECHILD; a wait() while another child still runs blocks until it
 * has exited (terminated when wait() returns: gone, or dead and being
 * released), then fails with ECHILD; neither child is left a zombie.
 * (Deprecated in glibc; warning silenced.)
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_helpers.h"

static int gone(pid_t pid)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d", (int)pid);
	return access(path, F_OK) && errno == ENOENT;
}

/*
 * Terminated: gone, or dead and being released (state X: the kernel
 * marks an auto-reaped child EXIT_DEAD, wakes the waiting parent and
 * only then removes the task).
 */
static int terminated(pid_t pid)
{
	char path[64], buf[512], *p;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return 1;
	p = fgets(buf, sizeof(buf), f) ? strrchr(buf, ')') : NULL;
	fclose(f);
	return !p || p[2] == 'X';
}

int main(void)
{
	struct sigaction sa;
	long long end;
	pid_t pid, pid2;
	int p[2];
	char c;

	if (sigignore(SIGCHLD))
		PTS_FAILED("sigignore(SIGCHLD): %s", strerror(errno));
	sigaction(SIGCHLD, NULL, &sa);
	if (sa.sa_handler != SIG_IGN)
		PTS_FAILED("SIGCHLD disposition not SIG_IGN after sigignore()");
	fflush(stdout);
	pid = fork();
	if (!pid)
		_exit(3);
	/* the exited child is reaped by the kernel: its /proc entry goes */
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!gone(pid)) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("exited child %d still exists (a zombie) under SIG_IGN", (int)pid);
		pts_nap();
	}
	PTS_EXPECT_ERRNO(waitpid(pid, NULL, 0), ECHILD, "waitpid() of an auto-reaped child");

	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pid2 = fork();
	if (!pid2) {
		close(p[1]);
		if (read(p[0], &c, 1) < 0)
			_exit(1);
		_exit(0);
	}
	close(p[0]);
	pid = fork();
	if (!pid) {
		/* release the sibling only once the parent sleeps in wait() */
		pts_wait_in_syscall(getppid(), SYS_wait4);
		close(p[1]);
		_exit(0);
	}
	close(p[1]);
	PTS_EXPECT_ERRNO(wait(NULL), ECHILD, "wait() with children running under SIG_IGN");
	if (!terminated(pid2) || !terminated(pid))
		PTS_FAILED("wait() returned ECHILD before all children terminated");
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!gone(pid2) || !gone(pid)) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("a terminated child stays (a zombie) under SIG_IGN");
		pts_nap();
	}
	PTS_PASSED("SIGCHLD ignored: no zombies, wait() blocks until all end, then ECHILD");
}
