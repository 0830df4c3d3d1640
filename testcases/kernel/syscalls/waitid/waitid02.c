// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * waitid() selects children by idtype: P_PID only that child, P_PGID only
 * children in that process group (and with id 0 the caller's own group),
 * P_PIDFD only the child behind the pidfd, P_ALL any child.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "lapi/wait.h"

static pid_t spawn(int code, int own_group)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		exit(code);
	}
	/* set from the parent: the group exists before anyone waits */
	if (own_group && setpgid(pid, pid))
		tst_brk(TBROK | TERRNO, "setpgid(%d, %d)", pid, pid);
	return pid;
}

static void expect_reaped(idtype_t type, id_t id, pid_t pid, int code,
			  const char *what)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	TST_EXP_PASS(waitid(type, id, &si, WEXITED), "waitid(%s)", what);
	TST_EXP_EXPR(si.si_pid == pid && si.si_status == code,
		     "waitid(%s) reaped child %d (exit %d), expected %d (exit "
		     "%d)", what, si.si_pid, si.si_status, pid, code);
}

static void run(void)
{
	pid_t a, b, c, d;
	int pidfd;

	a = spawn(1, 0);
	b = spawn(2, 1);
	c = spawn(3, 0);
	d = spawn(4, 0);
	pidfd = syscall(SYS_pidfd_open, d, 0);
	if (pidfd < 0)
		tst_res(TCONF | TERRNO, "pidfd_open(): P_PIDFD not tested");
	TST_CHECKPOINT_WAKE2(0, 4);

	expect_reaped(P_PGID, b, b, 2, "P_PGID, the group of child b");
	expect_reaped(P_PID, c, c, 3, "P_PID, child c");
	if (pidfd >= 0) {
		expect_reaped(P_PIDFD, pidfd, d, 4, "P_PIDFD, child d");
		SAFE_CLOSE(pidfd);
	} else {
		expect_reaped(P_PID, d, d, 4, "P_PID, child d");
	}
	expect_reaped(P_PGID, 0, a, 1, "P_PGID 0, the caller's group");

	a = spawn(5, 1);
	TST_CHECKPOINT_WAKE(0);
	expect_reaped(P_ALL, 0, a, 5, "P_ALL");
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
