// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 cgroup.kill: writing 1 kills every process of the cgroup and
 * of all its descendants with SIGKILL, frozen ones included:
 *  - five children spread over k, k/a and k/a/b (k/a frozen first) each
 *    end killed by SIGKILL (every status is read), and cgroup.events of
 *    k reads "populated 0" afterwards;
 *  - a child in a sibling cgroup lives on (it is ended with SIGTERM
 *    after, and must die of that signal, not of SIGKILL);
 *  - killing an empty cgroup succeeds;
 *  - only "1" is accepted (ERANGE for 0 and 2), and a threaded cgroup
 *    refuses it with EOPNOTSUPP.
 */
#include <signal.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "task_wait.h"

static const char *const where[] = {"k", "k", "k/a", "k/a/b", "k/a/b"};
#define NKILL (int)(sizeof(where) / sizeof(where[0]))

static pid_t start_in(const char *rel)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		for (;;)
			pause();
	}
	CG_WRITE(rel, "cgroup.procs", "%d", pid);
	return pid;
}

static void refused(const char *rel, const char *val, int err)
{
	int got = cg_write_err(rel, "cgroup.kill", val);

	TST_EXP_EXPR(got == err, "'%s' to %s/cgroup.kill refused with %s "
		     "(got %s)", val, rel, tst_strerrno(err),
		     tst_strerrno(got));
}

static void run(void)
{
	pid_t pids[NKILL], other;
	int i;

	cg_mkdir("k");
	cg_mkdir("k/a");
	cg_mkdir("k/a/b");
	cg_mkdir("other");
	for (i = 0; i < NKILL; i++)
		pids[i] = start_in(where[i]);
	other = start_in("other");

	CG_WRITE("k/a", "cgroup.freeze", "1");
	cg_wait_event("k/a", "frozen", 1);
	TST_EXP_EQ_LI(cg_read_key("k", "cgroup.events", "populated"), 1);

	CG_WRITE("k", "cgroup.kill", "1");
	for (i = 0; i < NKILL; i++)
		reap_child_killed(pids[i], SIGKILL);
	tst_res(TPASS, "cgroup.kill ended the %d processes of k, k/a (frozen) "
		"and k/a/b; each status read", NKILL);
	cg_wait_event("k", "populated", 0);
	tst_res(TPASS, "k reads populated 0 after the kill");

	TST_EXP_EXPR(task_state(other, other) && task_state(other, other) != 'Z',
		     "the process of the sibling cgroup lives (state %c)",
		     task_state(other, other));
	SAFE_KILL(other, SIGTERM);
	reap_child_killed(other, SIGTERM);

	TST_EXP_EXPR(!cg_try_write("k", "cgroup.kill", "1"),
		     "cgroup.kill of an empty cgroup succeeds");
	refused("k", "0", ERANGE);
	refused("k", "2", ERANGE);

	cg_rmdir("k/a/b");
	cg_rmdir("k/a");
	cg_rmdir("k");
	cg_rmdir("other");

	/* Makes the test's cgroup "domain threaded": done last. */
	cg_mkdir("t");
	if (cg_try_write("t", "cgroup.type", "threaded")) {
		tst_res(TCONF | TERRNO, "cannot make a threaded cgroup");
	} else {
		refused("t", "1", EOPNOTSUPP);
	}
	cg_rmdir("t");
}

static void setup(void)
{
	cg_setup(NULL, 0);
	cg_require_file("cgroup.kill", "kernel before 5.14");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", NULL
	},
};
