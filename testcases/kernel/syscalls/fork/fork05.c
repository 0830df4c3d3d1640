// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pids are not handed out again at once: two processes that each fork
 * and reap 300 children in a loop, side by side, never get for a child
 * the pid of their previous child (the race of two allocations that let
 * the last pid step back, fixed by 5fdee8c4a5e1, "pids: fix a race in
 * pid generation that causes pids to be reused immediately"), and every
 * child is reaped with its own exit value.
 * Syscalls: fork
 */
#include <stdlib.h>
#include <sys/wait.h>
#include "tst_test.h"

#define LOOPS 300

static void forker(void)
{
	pid_t prev = 0, pid;
	int i, status, reused = 0, bad = 0;

	TST_CHECKPOINT_WAIT(0);
	for (i = 0; i < LOOPS; i++) {
		pid = SAFE_FORK();
		if (!pid)
			_exit(i & 0x7f);
		if (pid == prev)
			reused++;
		SAFE_WAITPID(pid, &status, 0);
		if (!WIFEXITED(status) || WEXITSTATUS(status) != (i & 0x7f))
			bad++;
		prev = pid;
	}
	TST_EXP_EXPR(!reused && !bad, "%d forks: %d children got their "
		     "predecessor's pid, %d ended wrongly", LOOPS, reused, bad);
	exit(0);
}

static void run(void)
{
	pid_t a, b;

	a = SAFE_FORK();
	if (!a)
		forker();
	b = SAFE_FORK();
	if (!b)
		forker();
	TST_CHECKPOINT_WAKE2(0, 2);
	reap_child(a);
	reap_child(b);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.tags = (const struct tst_tag[]) {
		/* pids: fix a race in pid generation that causes pids to be reused immediately */
		{"linux-git", "5fdee8c4a5e1"},
		{}
	},
};
