// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Yama's kernel.yama.ptrace_scope (saved, set and restored; 3 is never
 * written: it cannot be lowered again). A tracer R and a target T are
 * siblings running as the same unprivileged uid, both dumpable, so only
 * Yama decides whether R's PTRACE_SEIZE of T works:
 *  - 0: it works;
 *  - 1: EPERM; it works after T's PR_SET_PTRACER(R), PR_SET_PTRACER_ANY
 *    or PR_SET_PTRACER(the test process, an ancestor of R), and is EPERM
 *    again after PR_SET_PTRACER(0); root (CAP_SYS_PTRACE) may; R may
 *    seize its own child; PR_SET_PTRACER of a pid without a task is
 *    EINVAL;
 *  - 2: EPERM even with PR_SET_PTRACER_ANY, for R's own child, and for
 *    PTRACE_TRACEME of R's child; root may;
 *  - writing the sysctl without CAP_SYS_PTRACE is EPERM (also for uid
 *    0), 4 is EINVAL, and a value written reads back.
 * Without Yama (no /proc/sys/kernel/yama) the test is TCONF.
 * Syscalls: ptrace, prctl
 */
#include <grp.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <linux/capability.h>
#include "tst_test.h"
#include "caps_raw.h"
#include "task_wait.h"

#define SCOPE	"/proc/sys/kernel/yama/ptrace_scope"

#define NO_PTRACER	-5L	/* PR_SET_PTRACER_ANY is -1 */
#define SET_CLEAR	-2L	/* PR_SET_PTRACER(R), then PR_SET_PTRACER(0) */
#define TO_R		-3L
#define TO_TEST		-4L

static uid_t uid_a;

static void become(void)
{
	if (setgroups(0, NULL) || setresgid(uid_a, uid_a, uid_a) ||
	    setresuid(uid_a, uid_a, uid_a))
		tst_brk(TBROK | TERRNO, "dropping to uid %u",
			(unsigned int)uid_a);
	if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_DUMPABLE 1");
}

static void exp_seize(pid_t pid, int err, const char *what)
{
	if (err)
		TST_EXP_FAIL(ptrace(PTRACE_SEIZE, pid, NULL, NULL), err,
			     "%s", what);
	else
		TST_EXP_PASS(ptrace(PTRACE_SEIZE, pid, NULL, NULL), "%s",
			     what);
}

static void set_scope(int v)
{
	int r;

	SAFE_FILE_PRINTF(SCOPE, "%d", v);
	SAFE_FILE_SCANF(SCOPE, "%d", &r);
	TST_EXP_EQ_LI(r, v);
}

/* R, a child of the test process, seizes T, another child. */
static void sibling(long ptracer, int root_tracer, int err, const char *what)
{
	int go[2], tp[2], ready[2];
	pid_t r, t, tpid;
	long v;
	char c;

	SAFE_PIPE(go);
	r = SAFE_FORK();
	if (!r) {
		SAFE_CLOSE(go[1]);
		if (!root_tracer)
			become();
		SAFE_READ(1, go[0], &tpid, sizeof(tpid));
		exp_seize(tpid, err, what);
		exit(0);	/* a tracee is detached when its tracer exits */
	}
	SAFE_CLOSE(go[0]);
	SAFE_PIPE(tp);
	SAFE_PIPE(ready);
	t = SAFE_FORK();
	if (!t) {
		SAFE_CLOSE(go[1]);
		SAFE_CLOSE(tp[1]);
		SAFE_CLOSE(ready[0]);
		become();
		SAFE_READ(1, tp[0], &v, sizeof(v));
		if (v != NO_PTRACER &&
		    prctl(PR_SET_PTRACER, v == SET_CLEAR ? (long)r : v, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PR_SET_PTRACER %ld", v);
		if (v == SET_CLEAR && prctl(PR_SET_PTRACER, 0, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PR_SET_PTRACER 0");
		SAFE_WRITE(1, ready[1], "r", 1);
		SAFE_READ(0, tp[0], &c, 1);
		exit(0);
	}
	SAFE_CLOSE(tp[0]);
	SAFE_CLOSE(ready[1]);
	v = ptracer == TO_R ? (long)r : ptracer == TO_TEST ? (long)getpid() :
		ptracer;
	SAFE_WRITE(1, tp[1], &v, sizeof(v));
	SAFE_READ(1, ready[0], &c, 1);
	SAFE_WRITE(1, go[1], &t, sizeof(t));
	reap_child(r);
	SAFE_CLOSE(go[1]);
	SAFE_CLOSE(tp[1]);
	SAFE_CLOSE(ready[0]);
	reap_child(t);
}

/* As uid A: seize an own child, or have it PTRACE_TRACEME. */
static void own_child(int traceme, int err, const char *what)
{
	int p[2];
	pid_t r, c;
	char ch;

	r = SAFE_FORK();
	if (r) {
		reap_child(r);
		return;
	}
	become();
	SAFE_PIPE(p);
	c = SAFE_FORK();
	if (!c) {
		SAFE_CLOSE(p[1]);
		if (traceme) {
			if (err)
				TST_EXP_FAIL(ptrace(PTRACE_TRACEME, 0, NULL,
						    NULL), err, "%s", what);
			else
				TST_EXP_PASS(ptrace(PTRACE_TRACEME, 0, NULL,
						    NULL), "%s", what);
		}
		SAFE_READ(0, p[0], &ch, 1);
		exit(0);
	}
	SAFE_CLOSE(p[0]);
	if (!traceme) {
		wait_task_state(c, c, "S");
		exp_seize(c, err, what);
	}
	SAFE_CLOSE(p[1]);
	reap_child(c);
	exit(0);
}

static void bad_ptracer(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		become();
		TST_EXP_FAIL(prctl(PR_SET_PTRACER, (long)unused_pid(), 0, 0,
				   0), EINVAL, "PR_SET_PTRACER(no such pid)");
		exit(0);
	}
	reap_child(pid);
}

static void writes(void)
{
	pid_t pid = SAFE_FORK();
	struct cap_sets s;
	int fd;

	if (!pid) {
		proc_cap_sets(0, &s);
		s.eff &= ~CAP_BIT(CAP_SYS_PTRACE);
		if (capset_v3(&s))
			tst_brk(TBROK | TERRNO, "capset()");
		fd = SAFE_OPEN(SCOPE, O_WRONLY);
		TST_EXP_FAIL(write(fd, "1", 1), EPERM,
			     "write 1 as root without CAP_SYS_PTRACE");
		SAFE_CLOSE(fd);
		exit(0);
	}
	reap_child(pid);
	fd = SAFE_OPEN(SCOPE, O_WRONLY);
	TST_EXP_FAIL(write(fd, "4", 1), EINVAL, "write 4");
	SAFE_CLOSE(fd);
}

static void run(void)
{
	set_scope(0);
	sibling(NO_PTRACER, 0, 0, "0: sibling");

	set_scope(1);
	sibling(NO_PTRACER, 0, EPERM, "1: sibling");
	sibling(TO_R, 0, 0, "1: sibling, PR_SET_PTRACER(R)");
	sibling(PR_SET_PTRACER_ANY, 0, 0, "1: sibling, PR_SET_PTRACER_ANY");
	sibling(TO_TEST, 0, 0, "1: sibling, PR_SET_PTRACER(R's parent)");
	sibling(SET_CLEAR, 0, EPERM, "1: sibling, PR_SET_PTRACER(R) then 0");
	sibling(NO_PTRACER, 1, 0, "1: root");
	own_child(0, 0, "1: own child");
	bad_ptracer();

	set_scope(2);
	sibling(PR_SET_PTRACER_ANY, 0, EPERM,
		"2: sibling, PR_SET_PTRACER_ANY");
	own_child(0, EPERM, "2: own child");
	own_child(1, EPERM, "2: PTRACE_TRACEME");
	sibling(NO_PTRACER, 1, 0, "2: root");

	writes();
}

static void setup(void)
{
	uid_a = 0x40000000u + getpid();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ SCOPE, NULL, TST_SR_TCONF_MISSING },
		{ NULL, NULL, 0 }
	},
};
