// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * waitid() reports a child killed by a signal whose default action dumps
 * core (kernel.core_pattern set to a file in the tmpdir, saved and
 * restored):
 * - with RLIMIT_CORE unlimited: si_code CLD_DUMPED, si_status the signal,
 *   si_pid the child, si_signo SIGCHLD, and the core file is written; for
 *   a fault raised by the CPU (SIGSEGV from a NULL store, SIGFPE from an
 *   integer division by zero), for abort() (SIGABRT) and for a SIGQUIT
 *   sent by the parent;
 * - with WNOWAIT the same report, and a later wait4() sees WIFSIGNALED
 *   with WCOREDUMP set;
 * - with RLIMIT_CORE 0: si_code CLD_KILLED, no core file.
 * Syscalls: waitid, wait4
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "coredump.h"
#include "task_wait.h"

enum how { NULL_STORE, DIV_ZERO, ABORT, SENT_QUIT };

static struct tcase {
	enum how how;
	int sig;
	int allow_core;
	int nowait;
	const char *desc;
} tcases[] = {
	{ NULL_STORE, SIGSEGV, 1, 0, "store to NULL" },
	{ DIV_ZERO, SIGFPE, 1, 0, "integer division by zero" },
	{ ABORT, SIGABRT, 1, 1, "abort(), WNOWAIT" },
	{ SENT_QUIT, SIGQUIT, 1, 0, "SIGQUIT from the parent" },
	{ NULL_STORE, SIGSEGV, 0, 0, "store to NULL, RLIMIT_CORE 0" },
	{ SENT_QUIT, SIGQUIT, 0, 1, "SIGQUIT, RLIMIT_CORE 0, WNOWAIT" },
};

static volatile int zero;

static void child(struct tcase *tc, int ready)
{
	core_allow(tc->allow_core);
	switch (tc->how) {
	case NULL_STORE:
		*(volatile int *)(uintptr_t)zero = 1;
		break;
	case DIV_ZERO:
		zero = 10 / zero;
		break;
	case ABORT:
		abort();
	case SENT_QUIT:
		SAFE_WRITE(1, ready, "r", 1);
		for (;;)
			pause();
	}
	exit(0);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	int code = tc->allow_core ? CLD_DUMPED : CLD_KILLED;
	int fds[2], status;
	siginfo_t si = { 0 };
	pid_t pid;
	char c;

	SAFE_PIPE(fds);
	pid = SAFE_FORK();
	if (!pid)
		child(tc, fds[1]);
	SAFE_CLOSE(fds[1]);
	if (tc->how == SENT_QUIT) {
		SAFE_READ(1, fds[0], &c, 1);
		SAFE_KILL(pid, SIGQUIT);
	}
	SAFE_CLOSE(fds[0]);
	TST_EXP_PASS(waitid(P_PID, pid, &si, WEXITED |
			    (tc->nowait ? WNOWAIT : 0)), "waitid(%s)",
		     tc->desc);
	if (si.si_signo == SIGCHLD && si.si_pid == pid &&
	    si.si_code == code && si.si_status == tc->sig)
		tst_res(TPASS, "%s: %s, si_status %s", tc->desc,
			code == CLD_DUMPED ? "CLD_DUMPED" : "CLD_KILLED",
			tst_strsig(si.si_status));
	else
		tst_res(TFAIL, "%s: si_signo %d si_pid %d si_code %d "
			"si_status %d, expected SIGCHLD, %d, %s (%d), %s",
			tc->desc, si.si_signo, (int)si.si_pid, si.si_code,
			si.si_status, (int)pid, code == CLD_DUMPED ?
			"CLD_DUMPED" : "CLD_KILLED", code, tst_strsig(tc->sig));
	if (tc->nowait) {
		SAFE_WAITPID(pid, &status, 0);
		TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == tc->sig
			     && !WCOREDUMP(status) == !tc->allow_core,
			     "%s: wait4() after WNOWAIT: status 0x%x",
			     tc->desc, status);
	}
	check_core_file(pid, tc->allow_core, tc->desc);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.save_restore = COREDUMP_SAVE_RESTORE,
};
