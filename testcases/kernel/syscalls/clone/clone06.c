// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clone() ENOSPC: a new namespace of each kind counts against the
 * caller's limit in /proc/sys/user/max_<kind>_namespaces of its user
 * namespace (inc_ucount(), kernel/ucount.c; create_user_ns(),
 * copy_utsname(), create_ipc_ns(), copy_net_ns(), copy_mnt_ns(),
 * copy_cgroup_ns(), create_pid_namespace() of 6.1 and 6.12). In a child
 * in a new user namespace, whose own limits it may set (nothing outside
 * it changes), each limit set to 0 makes clone() with the one flag
 * (CLONE_NEWUSER, NEWUTS, NEWIPC, NEWNET, NEWNS, NEWCGROUP, NEWPID) fail
 * with ENOSPC, and no child is made (waitpid() ECHILD); with
 * max_uts_namespaces 1, clone(CLONE_NEWUTS) makes its child.
 * Syscalls: clone
 */
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include "tst_test.h"

static const struct tcase {
	const char *kind;
	unsigned long flag;
} tcases[] = {
	{ "user", CLONE_NEWUSER },
	{ "uts", CLONE_NEWUTS },
	{ "ipc", CLONE_NEWIPC },
	{ "net", CLONE_NEWNET },
	{ "mnt", CLONE_NEWNS },
	{ "cgroup", CLONE_NEWCGROUP },
	{ "pid", CLONE_NEWPID },
};

static void set_limit(const char *kind, int limit)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/sys/user/max_%s_namespaces",
		 kind);
	SAFE_FILE_PRINTF(path, "%d", limit);
}

static long sys_clone(unsigned long flags)
{
	return tst_syscall(__NR_clone, flags | SIGCHLD, 0, NULL, NULL, 0);
}

static void check_one(const struct tcase *tc)
{
	long pid;

	set_limit(tc->kind, 0);
	pid = sys_clone(tc->flag);
	if (!pid)
		_exit(0);
	if (pid > 0) {
		tst_res(TFAIL, "clone(CLONE_NEW%s) with max_%s_namespaces 0 "
			"made child %ld", tc->kind, tc->kind, pid);
		SAFE_WAITPID(pid, NULL, 0);
	} else if (errno == ENOSPC) {
		tst_res(TPASS, "clone() of a %s namespace with "
			"max_%s_namespaces 0: ENOSPC", tc->kind, tc->kind);
	} else {
		tst_res(TFAIL | TERRNO, "clone() of a %s namespace with "
			"max_%s_namespaces 0 expected ENOSPC", tc->kind,
			tc->kind);
	}
	TST_EXP_FAIL(waitpid(-1, NULL, WNOHANG), ECHILD, "no child was made");
}

static void child(void)
{
	unsigned int i;
	long pid;
	int status;

	if (unshare(CLONE_NEWUSER)) {
		tst_res(TCONF | TERRNO, "unshare(CLONE_NEWUSER)");
		exit(0);
	}
	for (i = 0; i < ARRAY_SIZE(tcases); i++)
		check_one(&tcases[i]);

	set_limit("uts", 1);
	pid = sys_clone(CLONE_NEWUTS);
	if (!pid)
		_exit(7);
	if (pid < 0) {
		tst_res(TFAIL | TERRNO, "clone(CLONE_NEWUTS) with "
			"max_uts_namespaces 1");
	} else {
		SAFE_WAITPID(pid, &status, 0);
		TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == 7,
			     "clone(CLONE_NEWUTS) with max_uts_namespaces 1 "
			     "made a child");
	}
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		child();
	reap_child(pid);
}

static void setup(void)
{
	if (access("/proc/sys/user/max_uts_namespaces", F_OK))
		tst_brk(TCONF, "no /proc/sys/user/max_uts_namespaces");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
