// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kernel.perf_event_paranoid (saved and restored), per level, with
 * software task-clock counters (no PMU needed), for an unprivileged
 * opener (include/linux/perf_event.h perf_allow_kernel() and
 * perf_allow_cpu(), kernel/events/core.c):
 *  - counting its own task in user space only: allowed at -1 to 2; at
 *    3, where the kernel has CONFIG_SECURITY_PERF_EVENTS_RESTRICT
 *    (Debian's "disallow all unprivileged use"), EACCES, and still
 *    allowed elsewhere (3 means 2 upstream);
 *  - counting its own task including the kernel: EACCES at 2, allowed at
 *    1;
 *  - a CPU-wide counter (pid -1, CPU 0): EACCES at 1, allowed at 0;
 *  - a task of another user: EACCES at every level, -1 included (the
 *    ptrace read check); a child of its own uid: EACCES while it is
 *    non-dumpable (PR_SET_DUMPABLE 0 before the fork), allowed when
 *    dumpable;
 *  - root: everything at 3; root without CAP_SYS_ADMIN but with
 *    CAP_PERFMON: kernel counting allowed at 2, and at 3 EACCES where
 *    the restriction exists (it asks for CAP_SYS_ADMIN); root without
 *    either: kernel counting EACCES at 2.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <linux/capability.h>
#include <linux/perf_event.h>
#include "tst_test.h"
#include "caps_raw.h"

#define PATH "/proc/sys/kernel/perf_event_paranoid"

#ifndef CAP_PERFMON
# define CAP_PERFMON 38
#endif

static int restrict3;
static pid_t root_task;

static long open_ev(pid_t pid, int cpu, int with_kernel)
{
	struct perf_event_attr a;
	long fd;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_TASK_CLOCK;
	a.exclude_kernel = !with_kernel;
	a.exclude_hv = 1;
	fd = tst_syscall(__NR_perf_event_open, &a, pid, cpu, -1, 0);
	if (fd >= 0)
		close(fd);
	return fd;
}

static void expect(int allowed, long ret, int level, const char *what)
{
	if (allowed)
		TST_EXP_EXPR(ret >= 0, "level %d: %s allowed (%s)", level, what,
			     ret >= 0 ? "fd" : tst_strerrno(errno));
	else
		TST_EXP_EXPR(ret == -1 && errno == EACCES, "level %d: %s EACCES"
			     " (%s)", level, what,
			     ret >= 0 ? "fd" : tst_strerrno(errno));
}

static void as_nobody(int level)
{
	int self_ok = level <= 2 || !restrict3;
	pid_t own;

	tst_drop_privs();
	expect(self_ok, open_ev(0, -1, 0), level, "nobody, own task, user");
	expect(self_ok && level <= 1, open_ev(0, -1, 1), level,
	       "nobody, own task, with kernel");
	expect(self_ok && level <= 0, open_ev(-1, 0, 0), level,
	       "nobody, CPU-wide on CPU 0");
	expect(0, open_ev(root_task, -1, 0), level, "nobody, root's task");
	/* a non-dumpable process (as a uid change leaves it with
	 * fs.suid_dumpable 0) has non-dumpable children: ptrace read
	 * access refused
	 */
	if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_DUMPABLE");
	own = SAFE_FORK();
	if (!own) {
		pause();
		exit(0);
	}
	expect(0, open_ev(own, -1, 0), level,
	       "nobody, a non-dumpable child of its own");
	SAFE_KILL(own, SIGKILL);
	SAFE_WAITPID(own, NULL, 0);
	if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_DUMPABLE");
	own = SAFE_FORK();
	if (!own) {
		pause();
		exit(0);
	}
	expect(self_ok, open_ev(own, -1, 0), level,
	       "nobody, a dumpable child of its own");
	SAFE_KILL(own, SIGKILL);
	SAFE_WAITPID(own, NULL, 0);
}

static void as_root(int level)
{
	pid_t pid;

	if (level == 3) {
		expect(1, open_ev(0, -1, 1), level, "root, with kernel");
		expect(1, open_ev(-1, 0, 1), level, "root, CPU-wide");
		expect(1, open_ev(root_task, -1, 1), level,
		       "root, another task");
	}
	pid = SAFE_FORK();
	if (!pid) {
		drop_eff_caps(CAP_BIT(CAP_SYS_ADMIN));
		expect(level <= 2 || !restrict3, open_ev(0, -1, 1), level,
		       "root with CAP_PERFMON only, with kernel");
		drop_eff_caps(CAP_BIT(CAP_PERFMON));
		expect(level <= 1, open_ev(0, -1, 1), level,
		       "root without CAP_PERFMON and CAP_SYS_ADMIN, with "
		       "kernel");
		exit(0);
	}
	reap_child(pid);
}

static void run(unsigned int n)
{
	int level = (int)n - 1;
	pid_t pid;

	SAFE_FILE_PRINTF(PATH, "%d", level);
	root_task = SAFE_FORK();
	if (!root_task) {
		pause();
		exit(0);
	}
	pid = SAFE_FORK();
	if (!pid) {
		as_nobody(level);
		exit(0);
	}
	reap_child(pid);
	if (level >= 2)
		as_root(level);
	SAFE_KILL(root_task, SIGKILL);
	SAFE_WAITPID(root_task, NULL, 0);
}

static void setup(void)
{
	restrict3 = tst_kconfig_check("CONFIG_SECURITY_PERF_EVENTS_RESTRICT=y")
		    == 1;
	tst_res(TINFO, "CONFIG_SECURITY_PERF_EVENTS_RESTRICT %s",
		restrict3 ? "set: level 3 refuses unprivileged use" :
		"not set: level 3 acts as 2");
	if (open_ev(0, -1, 0) < 0)
		tst_brk(TCONF | TERRNO, "no software task-clock counter");
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ PATH, NULL, TST_SR_TCONF_MISSING },
		{ NULL, NULL, 0 }
	},
	.needs_kconfigs = (const char *[]) { "CONFIG_PERF_EVENTS=y", NULL },
};
