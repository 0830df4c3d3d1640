// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill() error paths: [EINVAL] for an invalid signal number, [ESRCH] for
 * a pid with no process (a reaped child) and for a process group with no
 * member, [EPERM] for an unprivileged sender (nobody) signalling a root
 * process, where even signal 0 is refused; signal 0 to a live process
 * the sender may signal returns 0.
 */
#include "pts_helpers.h"

static pid_t parent;

static int child(void)
{
	PTS_EXPECT_ERRNO(kill(parent, SIGUSR1), EPERM, "kill(root) as nobody");
	PTS_EXPECT_ERRNO(kill(parent, 0), EPERM, "kill(root, 0) as nobody");
	if (kill(getpid(), 0))
		PTS_FAILED("kill(self, 0) as nobody: %m");
	return PTS_PASS;
}

int main(void)
{
	int status;
	pid_t pid;
	sigset_t set, pend;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	parent = getpid();
	PTS_EXPECT_ERRNO(kill(parent, -1), EINVAL, "kill(sig -1)");
	PTS_EXPECT_ERRNO(kill(parent, _NSIG + 1), EINVAL, "kill(sig _NSIG + 1)");
	if (kill(parent, 0))
		PTS_FAILED("kill(self, 0): %m");
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		_exit(0);
	waitpid(pid, &status, 0);
	PTS_EXPECT_ERRNO(kill(pid, SIGUSR1), ESRCH, "kill(reaped pid)");
	PTS_EXPECT_ERRNO(kill(-pid, SIGUSR1), ESRCH, "kill(-empty group)");
	pts_run_as_nobody(child, "unprivileged sender");
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR1))
		PTS_FAILED("a refused signal is pending");
	PTS_PASSED("EINVAL, ESRCH, EPERM and signal 0 as specified");
}
