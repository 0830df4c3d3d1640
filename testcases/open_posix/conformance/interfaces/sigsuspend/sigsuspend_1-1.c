// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigsuspend(): the mask is replaced by sigmask until a signal whose
 * action is to run a handler arrives; sigsuspend() then returns -1 with
 * [EINTR] after the handler, and the mask in force before the call is
 * restored. Inside the handler the mask is sigmask plus the signal.
 * A child sends SIGUSR1 once the parent sleeps in rt_sigsuspend.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t got, usr2_in_mask;

static void handler(int sig)
{
	sigset_t s;

	(void)sig;
	sigprocmask(SIG_BLOCK, NULL, &s);
	usr2_in_mask = sigismember(&s, SIGUSR2);
	got++;
}

int main(void)
{
	struct sigaction sa;
	sigset_t block, during, after;
	pid_t pid, parent = getpid();
	int r;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_SETMASK, &block, NULL);
	sigemptyset(&during);
	sigaddset(&during, SIGUSR2);

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		pts_wait_in_syscall(parent, SYS_rt_sigsuspend);
		_exit(kill(parent, SIGUSR1) ? PTS_UNRESOLVED : PTS_PASS);
	}
	errno = 0;
	r = sigsuspend(&during);
	pts_reap(pid, "signalling child");
	if (r != -1 || errno != EINTR)
		PTS_FAILED("sigsuspend() returned %d (%m), expected -1 EINTR", r);
	if (got != 1)
		PTS_FAILED("handler ran %d times", (int)got);
	if (!usr2_in_mask)
		PTS_FAILED("sigmask was not in force in the handler");
	sigprocmask(SIG_BLOCK, NULL, &after);
	if (!sigismember(&after, SIGUSR1) || sigismember(&after, SIGUSR2))
		PTS_FAILED("the mask before sigsuspend() was not restored");
	PTS_PASSED("sigsuspend() used sigmask, returned EINTR, restored the mask");
}
