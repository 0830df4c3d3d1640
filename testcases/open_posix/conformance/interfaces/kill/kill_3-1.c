// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill() with pid 0: "sig shall be sent to all processes (excluding an
 * unspecified set of system processes) whose process group ID is equal
 * to the process group ID of the sender"; with pid -pgid to that group.
 * In a new process group a child, its two children and a grandchild in
 * yet another group: kill(0, SIGUSR1) reaches the sender and its two
 * children (each handles it once), not the process in the other group.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t got;

static void handler(int sig)
{
	(void)sig;
	got++;
}

/* a member: wait for SIGUSR1 (or, outside the group, for SIGTERM) */
static pid_t member(int other_group, const sigset_t *old)
{
	pid_t pid = fork();

	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		if (other_group)
			setpgid(0, 0);
		while (!got)
			sigsuspend(old);
		_exit(other_group ? 3 : 0);
	}
	return pid;
}

static int child(void)
{
	struct sigaction sa;
	sigset_t set, old;
	pid_t a, b, c;
	int st;

	if (setpgid(0, 0))
		PTS_UNRES("setpgid(): %m");
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, &old);
	a = member(0, &old);
	b = member(0, &old);
	c = member(1, &old);
	pts_wait_in_syscall(a, SYS_rt_sigsuspend);
	pts_wait_in_syscall(b, SYS_rt_sigsuspend);
	pts_wait_in_syscall(c, SYS_rt_sigsuspend);
	if (getpgid(c) == getpgrp())
		PTS_UNRES("the outsider is in the group");
	if (kill(0, SIGUSR1))
		PTS_FAILED("kill(0): %m");
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	if (got != 1)
		PTS_FAILED("the sender got the signal %d times", (int)got);
	if (waitpid(a, &st, 0) != a || st || waitpid(b, &st, 0) != b || st)
		PTS_FAILED("a group member did not get the signal");
	if (waitpid(c, &st, WNOHANG))
		PTS_FAILED("the process outside the group got the signal");
	if (kill(-getpgid(c), SIGUSR1))
		PTS_FAILED("kill(-pgid): %m");
	if (waitpid(c, &st, 0) != c || !WIFEXITED(st) || WEXITSTATUS(st) != 3)
		PTS_FAILED("kill(-pgid) did not reach the other group");
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "group leader");
	PTS_PASSED("kill(0) reached exactly the sender's group");
}
