// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * killpg(): the signal is sent to every process of the group. Three
 * children join a new process group and wait for SIGUSR1 in
 * sigsuspend(); killpg() reaches all three (each exits 0 on the signal)
 * and not the parent, which is outside the group. killpg() of a group
 * with no member fails with [ESRCH]; an invalid signal with [EINVAL].
 */
#include "pts_helpers.h"

#define N 3

static volatile sig_atomic_t got;

static void handler(int sig)
{
	(void)sig;
	got = 1;
}

int main(void)
{
	struct sigaction sa;
	sigset_t set, old;
	pid_t pid[N], pgrp = 0;
	int i, status;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, &old);
	fflush(stdout);
	for (i = 0; i < N; i++) {
		pid[i] = fork();
		if (pid[i] < 0)
			PTS_UNRES("fork(): %m");
		if (!pid[i]) {
			/* SIGUSR1 is blocked: it cannot be lost before we wait */
			while (!got)
				sigsuspend(&old);
			_exit(0);
		}
		if (!pgrp)
			pgrp = pid[0];
		if (setpgid(pid[i], pgrp))
			PTS_UNRES("setpgid(): %m");
	}
	for (i = 0; i < N; i++)
		pts_wait_in_syscall(pid[i], SYS_rt_sigsuspend);
	if (killpg(pgrp, SIGUSR1))
		PTS_FAILED("killpg(): %m");
	for (i = 0; i < N; i++) {
		if (waitpid(pid[i], &status, 0) != pid[i])
			PTS_UNRES("waitpid(): %m");
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			PTS_FAILED("child %d status %#x", i, status);
	}
	sigpending(&set);
	if (sigismember(&set, SIGUSR1))
		PTS_FAILED("the sender outside the group got the signal");
	PTS_EXPECT_ERRNO(killpg(pgrp, SIGUSR1), ESRCH, "killpg(empty group)");
	PTS_EXPECT_ERRNO(killpg(getpgrp(), _NSIG + 1), EINVAL,
			 "killpg(bad signal)");
	PTS_PASSED("killpg() reached all %d members of the group", N);
}
