// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigtimedwait(): a caught signal that is not in set and not blocked
 * interrupts the wait, which fails with [EINTR] (not [EAGAIN]: the
 * 60 s timeout is far off) after the handler ran; a signal of the set
 * generated later is still taken by the next call. A pending signal
 * that is not in the set is left pending by a call that times out.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t got;

static void handler(int sig)
{
	(void)sig;
	got = 1;
}

int main(void)
{
	struct sigaction sa = { .sa_handler = handler };
	struct timespec ts = { 60, 0 }, zero = { 0, 0 };
	sigset_t set, other, pend;
	pid_t me = getpid(), pid;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR2, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		pts_wait_in_syscall(me, SYS_rt_sigtimedwait);
		kill(me, SIGUSR2);
		_exit(0);
	}
	PTS_EXPECT_ERRNO(sigtimedwait(&set, NULL, &ts), EINTR,
			 "sigtimedwait() with a caught signal outside the set");
	pts_reap(pid, "signalling child");
	if (!got)
		PTS_FAILED("the handler did not run");
	raise(SIGUSR1);
	if (sigtimedwait(&set, NULL, &zero) != SIGUSR1)
		PTS_FAILED("SIGUSR1 not taken after the EINTR: %m");

	sigemptyset(&other);
	sigaddset(&other, SIGUSR2);
	sigprocmask(SIG_BLOCK, &other, NULL);
	raise(SIGUSR2);
	PTS_EXPECT_ERRNO(sigtimedwait(&set, NULL, &zero), EAGAIN,
			 "sigtimedwait() with only a signal outside the set pending");
	sigpending(&pend);
	if (!sigismember(&pend, SIGUSR2))
		PTS_FAILED("a pending signal outside the set was taken");
	PTS_PASSED("EINTR for a caught signal outside the set; other pending signals left");
}
