// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pause() "shall suspend the calling thread until delivery of a signal
 * whose action is either to execute a signal-catching function or to
 * terminate the process"; when the handler returns, pause() returns -1
 * with errno [EINTR]. A child in pause() (seen asleep in the pause
 * system call) takes an ignored SIGUSR2 and a SIGCHLD left at its
 * default (ignore) and stays asleep in pause(); a caught SIGUSR1 then
 * ends the call with -1 EINTR after the handler ran once. A second
 * child in pause() is ended by SIGTERM at its default action (killed by
 * SIGTERM, pause() never returned).
 */
#include <sys/syscall.h>

#include "pts_helpers.h"

static volatile sig_atomic_t caught;

static void handler(int sig)
{
	(void)sig;
	caught++;
}

static int sleeper(void)
{
	struct sigaction sa;
	int r;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	if (sigaction(SIGUSR1, &sa, NULL) || signal(SIGUSR2, SIG_IGN) == SIG_ERR)
		return PTS_UNRESOLVED;
	errno = 0;
	r = pause();
	if (r != -1 || errno != EINTR) {
		printf("pause() returned %d, errno %s\n", r,
		       errno ? strerrorname_np(errno) : "0");
		return PTS_FAIL;
	}
	if (caught != 1) {
		printf("pause() returned with the handler run %d times\n",
		       (int)caught);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

static pid_t start(int (*fn)(void))
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		if (fn)
			_exit(fn());
		pause();
		_exit(PTS_FAIL);
	}
	return pid;
}

/* the child is asleep in pause (or rt_sigsuspend, should the C library use it) */
static void asleep(pid_t pid)
{
#ifdef SYS_pause
	pts_wait_in_either(pid, SYS_pause, SYS_rt_sigsuspend);
#else
	pts_wait_in_syscall(pid, SYS_rt_sigsuspend);
#endif
}

int main(void)
{
	int status;
	pid_t pid;

	pid = start(sleeper);
	asleep(pid);
	kill(pid, SIGUSR2);
	kill(pid, SIGCHLD);
	/* both discarded at generation: still asleep in pause() */
	asleep(pid);
	if (waitpid(pid, &status, WNOHANG) != 0)
		PTS_FAILED("an ignored signal ended pause()");
	kill(pid, SIGUSR1);
	pts_reap(pid, "pausing child");

	pid = start(NULL);
	asleep(pid);
	kill(pid, SIGTERM);
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGTERM)
		PTS_FAILED("SIGTERM (default) on pause(): status %#x", status);
	PTS_PASSED("ignored signals leave pause() asleep; a caught one EINTR; a terminating one ends the process");
}
