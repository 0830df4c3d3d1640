/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One signal from a forked child, caught with SA_SIGINFO: the handler
 * copies the siginfo_t it got, the signal stays blocked until
 * sigsuspend(), so it cannot arrive before the parent waits for it.
 */
#ifndef PTS_SIGINFO_H
#define PTS_SIGINFO_H

#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "posixtest.h"

static volatile sig_atomic_t pts_got;
static siginfo_t pts_info;

static void pts_siginfo_handler(int sig, siginfo_t *info, void *uc)
{
	(void)sig;
	(void)uc;
	pts_info = *info;
	pts_got++;
}

/* Catch sig with SA_SIGINFO and block it; *old is the mask to wait with. */
static inline void pts_catch_blocked(int sig, sigset_t *old)
{
	struct sigaction sa;
	sigset_t block;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = pts_siginfo_handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL))
		PTS_UNRES("sigaction(%d): %m", sig);
	sigemptyset(&block);
	sigaddset(&block, sig);
	if (sigprocmask(SIG_BLOCK, &block, old))
		PTS_UNRES("sigprocmask(): %m");
}

/*
 * Wait in sigsuspend(old) until the handler ran, then reap the child pid,
 * whose exit status 0 says its sending call (what) succeeded.
 */
static inline void pts_wait_signal_from(pid_t pid, const sigset_t *old,
					const char *what)
{
	int status;

	while (!pts_got)
		sigsuspend(old);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_UNRES("the child's %s failed (status %#x)", what, status);
	if (pts_got != 1)
		PTS_FAILED("the handler ran %d times, expected once", (int)pts_got);
}

#endif /* PTS_SIGINFO_H */
