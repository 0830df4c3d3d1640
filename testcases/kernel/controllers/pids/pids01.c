// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cgroup v2 pids controller enforces pids.max on fork():
 *  - with pids.max 3 in a cgroup, a process in a child cgroup of it (no
 *    limit of its own) forks two children, then fork() fails with EAGAIN:
 *    the limit of an ancestor counts; pids.current reads 3 in both;
 *  - after one child exits, fork() succeeds again;
 *  - lowering the child cgroup's pids.max below its pids.current kills
 *    nothing (pids.current stays) but refuses the next fork(), and its
 *    pids.events "max" counts that refusal;
 *  - with pids.max "max" forks are no longer limited.
 */
#include <errno.h>
#include "tst_test.h"
#include "cgroup2.h"

#define LIMIT 3

static pid_t idle_child(void)
{
	pid_t pid = fork();

	if (!pid) {
		for (;;)
			pause();
	}
	return pid;
}

/* fork() whose child, if there is one, exits at once: -1 and errno. */
static int try_fork(void)
{
	pid_t pid = fork();

	if (!pid)
		_exit(0);
	if (pid > 0) {
		reap_child(pid);
		return 0;
	}
	return -1;
}

static void end_child(pid_t pid)
{
	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
}

static void member_main(void)
{
	pid_t kids[LIMIT + 1];
	long long events;
	int i;

	cg_enter("sub");
	for (i = 0; i < LIMIT - 1; i++) {
		kids[i] = idle_child();
		if (kids[i] < 0)
			tst_brk(TBROK | TERRNO, "fork() %d of %d", i + 1,
				LIMIT - 1);
	}
	TST_EXP_EQ_LI(cg_read_num("", "pids.current"), LIMIT);
	TST_EXP_EQ_LI(cg_read_num("sub", "pids.current"), LIMIT);
	TST_EXP_FAIL(try_fork(), EAGAIN, "fork() with pids.max %d reached",
		     LIMIT);
	TST_EXP_FAIL(try_fork(), EAGAIN, "fork() again at the limit");

	end_child(kids[0]);
	kids[0] = idle_child();
	TST_EXP_EXPR(kids[0] > 0, "fork() after a child exited succeeded");
	if (kids[0] < 0)
		tst_brk(TBROK, "cannot go on without the child");

	CG_WRITE("", "pids.max", "max");
	events = cg_read_key("sub", "pids.events", "max");
	CG_WRITE("sub", "pids.max", "1");
	TST_EXP_EQ_LI(cg_read_num("sub", "pids.current"), LIMIT);
	TST_EXP_FAIL(try_fork(), EAGAIN, "fork() with pids.max 1 below current");
	TST_EXP_EQ_LI(cg_read_key("sub", "pids.events", "max") - events, 1);

	CG_WRITE("sub", "pids.max", "max");
	kids[LIMIT - 1] = idle_child();
	TST_EXP_EXPR(kids[LIMIT - 1] > 0,
		     "fork() beyond %d with pids.max 'max' succeeded", LIMIT);
	TST_EXP_EQ_LI(cg_read_num("", "pids.current"), LIMIT + 1);

	for (i = 0; i < LIMIT; i++)
		if (kids[i] > 0)
			end_child(kids[i]);
}

static void run(void)
{
	pid_t pid;

	CG_WRITE("", "pids.max", "%d", LIMIT);
	pid = SAFE_FORK();
	if (!pid) {
		member_main();
		exit(0);
	}
	tst_reap_children();
	TST_EXP_EQ_LI(cg_read_num("", "pids.current"), 0);
}

static void setup(void)
{
	static const char *const ctrls[] = {"pids", NULL};

	cg_setup(ctrls, 1);
	cg_mkdir("sub");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_CGROUP_PIDS", NULL
	},
};
