// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clone3(CLONE_INTO_CGROUP) meets the target cgroup's state and limits,
 * not the parent's:
 *  - into a frozen cgroup: the child is born frozen (a counter it would
 *    bump at once stays 0 over an observation window, cgroup.events
 *    stays "frozen 1"), runs once the cgroup is thawed, and dies of
 *    SIGKILL;
 *  - into a cgroup whose pids.max is 0, or is 1 with one process already
 *    in it: EAGAIN, no child, and the target's pids.events "max" counts
 *    each refusal, while the parent's own cgroup allows forking;
 *  - into a cgroup with room (pids.max 2): the child is made and counted
 *    in the target's pids.current.
 */
#include <signal.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "clone3_raw.h"
#include "cgroup2.h"
#include "task_wait.h"

static volatile unsigned long *count;

static int cg_fd(const char *rel)
{
	char path[PATH_MAX];

	cg_path(path, sizeof(path), rel, NULL);
	return SAFE_OPEN(path, O_RDONLY | O_DIRECTORY);
}

static long clone_into(int fd)
{
	struct clone3_args args = {
		.flags = CLONE3_INTO_CGROUP,
		.exit_signal = SIGCHLD,
		.cgroup = (uint64_t)fd,
	};

	return clone3(&args, sizeof(args));
}

static void frozen(void)
{
	long long deadline;
	int fd;
	long pid;

	cg_mkdir("f");
	CG_WRITE("f", "cgroup.freeze", "1");
	cg_wait_event("f", "frozen", 1);
	*count = 0;
	fd = cg_fd("f");
	pid = clone_into(fd);
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone3(CLONE_INTO_CGROUP) into f");
	if (!pid) {
		for (;;)
			(*count)++;
	}
	SAFE_CLOSE(fd);
	/* an observation window: a frozen child never runs */
	usleep(300000);
	TST_EXP_EXPR(*count == 0, "child born into a frozen cgroup did not "
		     "run (count %lu)", *count);
	TST_EXP_EQ_LI(cg_read_key("f", "cgroup.events", "frozen"), 1);

	CG_WRITE("f", "cgroup.freeze", "0");
	deadline = task_wait_now_ms() + 10000 * tst_timeout_mul();
	while (!*count && task_wait_now_ms() < deadline)
		usleep(1000);
	TST_EXP_EXPR(*count > 0, "it runs once thawed");
	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
	cg_rmdir("f");
}

static void refused(const char *rel, const char *what)
{
	long long ev = cg_read_key(rel, "pids.events", "max");
	int fd = cg_fd(rel), err;
	long pid = clone_into(fd);

	if (!pid)
		exit(0);
	err = pid < 0 ? errno : 0;
	if (pid > 0)
		reap_child(pid);
	TST_EXP_EXPR(err == EAGAIN, "%s: clone3 into it fails with EAGAIN "
		     "(%s)", what, tst_strerrno(err));
	TST_EXP_EQ_LI(cg_read_key(rel, "pids.events", "max"), ev + 1);
	SAFE_CLOSE(fd);
}

static void pids(void)
{
	pid_t first, pid;
	int fd;

	cg_mkdir("p");
	CG_WRITE("p", "pids.max", "0");
	refused("p", "pids.max 0");

	pid = SAFE_FORK();
	if (!pid)
		exit(0);
	reap_child(pid);
	tst_res(TPASS, "fork() in the parent's own cgroup still works");

	CG_WRITE("p", "pids.max", "1");
	first = SAFE_FORK();
	if (!first) {
		for (;;)
			pause();
	}
	CG_WRITE("p", "cgroup.procs", "%d", first);
	refused("p", "pids.max 1 with one process in it");

	CG_WRITE("p", "pids.max", "2");
	fd = cg_fd("p");
	pid = clone_into(fd);
	if (!pid) {
		for (;;)
			pause();
	}
	TST_EXP_EXPR(pid > 0, "pids.max 2: clone3 into it succeeds");
	if (pid > 0) {
		TST_EXP_EQ_LI(cg_read_num("p", "pids.current"), 2);
		SAFE_KILL(pid, SIGKILL);
		reap_child_killed(pid, SIGKILL);
	}
	SAFE_CLOSE(fd);
	SAFE_KILL(first, SIGKILL);
	reap_child_killed(first, SIGKILL);
	cg_rmdir("p");
}

static void run(void)
{
	frozen();
	pids();
}

static void setup(void)
{
	static const char *const ctrls[] = {"pids", NULL};

	count = SAFE_MMAP(NULL, sizeof(*count), PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	cg_setup(ctrls, 1);
	cg_require_file("cgroup.freeze", "kernel before 5.2");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.min_kver = "5.7",
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_CGROUP_PIDS", NULL
	},
};
