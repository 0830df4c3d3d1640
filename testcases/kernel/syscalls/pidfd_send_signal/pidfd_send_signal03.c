// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A pidfd names one process, never a later one that got the same pid:
 * in a new PID namespace (its init is a child of the test), init forks
 * a process (pid 2 there) and opens a pidfd for it; the process exits
 * and is reaped; kernel.ns_last_pid is set to 1 so that the next fork
 * gets pid 2 again, which it must.
 * - pidfd_send_signal() of SIGKILL through the old pidfd fails with
 *   ESRCH, and the new process with the same pid lives on (kill(pid, 0)
 *   works, it still answers through a pipe);
 * - a pidfd opened for the new process signals it: it dies of SIGKILL.
 * Syscalls: pidfd_send_signal, pidfd_open
 */
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include "pidfd_raw.h"

static void sleeper(int rfd)
{
	char c;

	read(rfd, &c, 1);
	_exit(0);
}

static void ns_init(void)
{
	int fds[2], oldfd, newfd, status;
	pid_t old, again;

	SAFE_PIPE(fds);
	old = SAFE_FORK();
	if (!old)
		_exit(0);
	oldfd = safe_pidfd_open(old);
	SAFE_WAITPID(old, &status, 0);
	TST_EXP_EQ_LI(old, 2);

	SAFE_FILE_PRINTF("/proc/sys/kernel/ns_last_pid", "%d", old - 1);
	again = SAFE_FORK();
	if (!again)
		sleeper(fds[0]);
	if (again != old) {
		tst_res(TCONF, "the pid was not reused (%d, then %d)", old,
			again);
		SAFE_KILL(again, SIGKILL);
		SAFE_WAITPID(again, NULL, 0);
		return;
	}
	TST_EXP_FAIL(pidfd_send_signal_raw(oldfd, SIGKILL, NULL, 0), ESRCH,
		     "SIGKILL through the pidfd of the reaped process");
	TST_EXP_PASS(kill(again, 0), "the new process with pid %d lives",
		     again);
	TST_EXP_EXPR(waitpid(again, &status, WNOHANG) == 0,
		     "and has not ended");

	newfd = safe_pidfd_open(again);
	TST_EXP_PASS(pidfd_send_signal_raw(newfd, SIGKILL, NULL, 0),
		     "SIGKILL through its own pidfd");
	SAFE_WAITPID(again, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
		     "it died of SIGKILL (status %#x)", status);
	SAFE_CLOSE(oldfd);
	SAFE_CLOSE(newfd);
}

static void run(void)
{
	pid_t pid = SAFE_FORK(), init;

	if (!pid) {
		/* the test process keeps its own PID namespace */
		if (unshare(CLONE_NEWPID))
			tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWPID)");
		init = SAFE_FORK();
		if (!init) {
			ns_init();
			exit(0);
		}
		reap_child(init);
		exit(0);
	}
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};
