// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clone() refuses inconsistent flags with EINVAL and creates no child:
 * CLONE_SIGHAND without CLONE_VM, CLONE_THREAD without CLONE_SIGHAND,
 * CLONE_FS with CLONE_NEWNS or with CLONE_NEWUSER, CLONE_PIDFD with
 * CLONE_DETACHED, and CLONE_PIDFD with CLONE_PARENT_SETTID (both would
 * be stored through the same pointer). As nobody, each of CLONE_NEWNS,
 * CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWUTS and CLONE_NEWIPC without a new
 * user namespace fails with EPERM.
 */
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include "task_wait.h"

#define STACK_SIZE	(64 * 1024)

#include "lapi/sched.h"

static char *stack;

static const struct tcase {
	int flags;
	int nobody;
	int err;
	const char *desc;
} tcases[] = {
	{CLONE_SIGHAND, 0, EINVAL, "CLONE_SIGHAND without CLONE_VM"},
	{CLONE_THREAD | CLONE_VM, 0, EINVAL,
	 "CLONE_THREAD without CLONE_SIGHAND"},
	{CLONE_FS | CLONE_NEWNS, 0, EINVAL, "CLONE_FS | CLONE_NEWNS"},
	{CLONE_FS | CLONE_NEWUSER, 0, EINVAL, "CLONE_FS | CLONE_NEWUSER"},
	{CLONE_PIDFD | CLONE_DETACHED, 0, EINVAL,
	 "CLONE_PIDFD | CLONE_DETACHED"},
	{CLONE_PIDFD | CLONE_PARENT_SETTID, 0, EINVAL,
	 "CLONE_PIDFD | CLONE_PARENT_SETTID"},
	{CLONE_NEWNS, 1, EPERM, "CLONE_NEWNS as nobody"},
	{CLONE_NEWPID, 1, EPERM, "CLONE_NEWPID as nobody"},
	{CLONE_NEWNET, 1, EPERM, "CLONE_NEWNET as nobody"},
	{CLONE_NEWUTS, 1, EPERM, "CLONE_NEWUTS as nobody"},
	{CLONE_NEWIPC, 1, EPERM, "CLONE_NEWIPC as nobody"},
};

static int child_fn(void *arg)
{
	(void)arg;
	return 0;
}

static void try_clone(const struct tcase *tc)
{
	int tid = 0;

	TST_EXP_FAIL(clone(child_fn, stack + STACK_SIZE, tc->flags | SIGCHLD,
			   NULL, &tid, NULL, &tid),
		     tc->err, "clone(%s)", tc->desc);
}

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];
	pid_t pid;

	if (!tc->nobody) {
		try_clone(tc);
	} else {
		pid = SAFE_FORK();
		if (!pid) {
			tst_drop_privs();
			try_clone(tc);
			exit(0);
		}
		reap_child(pid);
	}
	/* a refused clone() must not have created a child */
	TST_EXP_FAIL(waitpid(-1, NULL, WNOHANG | __WALL), ECHILD,
		     "no child left after clone(%s)", tc->desc);
}

static void setup(void)
{
	stack = SAFE_MALLOC(STACK_SIZE);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
