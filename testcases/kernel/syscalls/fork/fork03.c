// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork() fails with EAGAIN when the real user already has RLIMIT_NPROC
 * processes (as nobody, with the limit set to 1), and creates no child;
 * root is exempt from the limit, even when it is 0.
 */
#include <stdlib.h>
#include <sys/resource.h>
#include "task_wait.h"
#include "legacy_raw.h"

static void set_nproc(rlim_t n)
{
	struct rlimit rl = {.rlim_cur = n, .rlim_max = n};

	if (setrlimit(RLIMIT_NPROC, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NPROC, %lu)",
			(unsigned long)n);
}

static void limited(int nobody)
{
	pid_t pid;

	if (nobody)
		tst_drop_privs();
	set_nproc(nobody ? 1 : 0);
	if (nobody) {
		TST_EXP_FAIL(sys_fork(), EAGAIN, "fork() as nobody with "
			     "RLIMIT_NPROC 1");
		if (!TST_RET)
			_exit(0);
		TST_EXP_FAIL(waitpid(-1, NULL, WNOHANG), ECHILD,
			     "no child was created");
	} else {
		pid = sys_fork();
		if (!pid)
			_exit(0);
		TST_EXP_EXPR(pid > 0, "fork() as root with RLIMIT_NPROC 0 "
			     "returned %d", pid);
		if (pid > 0)
			reap_child(pid);
	}
	exit(0);
}

static void run(unsigned int n)
{
	pid_t pid = sys_fork();

	if (!pid)
		limited(n);
	reap_child(pid);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.needs_root = 1,
	.forks_child = 1,
};
