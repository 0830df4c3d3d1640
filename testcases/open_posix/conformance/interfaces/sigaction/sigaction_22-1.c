// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction() SA_RESETHAND: "the disposition of the signal shall be
 * reset to SIG_DFL ... on entry to the signal handler" - per delivery,
 * also for instances already queued. A child blocks SIGRTMIN, queues it
 * twice (values 1, 2) and unblocks it: with SA_RESETHAND the handler
 * runs once (value 1) and the second instance takes the default action,
 * ending the child with SIGRTMIN; without SA_RESETHAND (the control)
 * the handler runs for both, in order, and the child exits 0.
 */
#include "pts_helpers.h"

static int wfd;

static void handler(int sig, siginfo_t *si, void *uc)
{
	int v = si->si_value.sival_int;

	(void)sig;
	(void)uc;
	if (write(wfd, &v, sizeof(v)) != sizeof(v))
		_exit(PTS_UNRESOLVED);
}

static void child(int flags)
{
	struct sigaction sa;
	union sigval v;
	sigset_t set;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO | flags;
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	if (sigaction(SIGRTMIN, &sa, NULL) ||
	    sigprocmask(SIG_BLOCK, &set, NULL))
		_exit(PTS_UNRESOLVED);
	for (v.sival_int = 1; v.sival_int <= 2; v.sival_int++)
		if (sigqueue(getpid(), SIGRTMIN, v))
			_exit(PTS_UNRESOLVED);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	_exit(PTS_PASS);
}

/* run the child; return how it ended, the values handled in *got */
static int run(int flags, int *got, int *n)
{
	int p[2], status, v;
	pid_t pid;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[0]);
		wfd = p[1];
		child(flags);
	}
	close(p[1]);
	*n = 0;
	while (read(p[0], &v, sizeof(v)) == sizeof(v))
		if (*n < 4)
			got[(*n)++] = v;
	close(p[0]);
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	return status;
}

int main(void)
{
	int got[4], n, status;

	status = run(SA_RESETHAND, got, &n);
	if (n != 1 || got[0] != 1)
		PTS_FAILED("SA_RESETHAND: %d handler calls (first value %d), expected one with 1",
			   n, n ? got[0] : 0);
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGRTMIN)
		PTS_FAILED("SA_RESETHAND: status %#x, expected killed by SIGRTMIN (the second instance)",
			   status);

	status = run(0, got, &n);
	if (n != 2 || got[0] != 1 || got[1] != 2)
		PTS_FAILED("without SA_RESETHAND: %d handler calls, expected 1 then 2", n);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != PTS_PASS)
		PTS_FAILED("without SA_RESETHAND: status %#x, expected exit 0", status);
	PTS_PASSED("SA_RESETHAND resets per delivery: a queued second instance takes the default action");
}
