// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ioprio_set() as root: the real-time class (levels 0..7) on itself;
 * another process's priority by pid (the child reads the idle class it
 * was given); every member of a process group at once through
 * IOPRIO_WHO_PGRP. EINVAL for an unknown class, for the none class with
 * a level and for an unknown "which"; ESRCH for a pid, a process group
 * and a user that have no process. As nobody: EPERM for the real-time
 * class and for a root-owned process, while its own best-effort level
 * can be set.
 */
#include <linux/ioprio.h>
#include "task_wait.h"
#include "as_nobody.h"

/*
 * Class 7, the highest the 3-bit class field holds; newer uapi headers
 * (linux-libc-dev 6.1.187) no longer name it.
 */
#include "lapi/ioprio.h"

#define IOP(class, level) (((class) << IOPRIO_CLASS_SHIFT) | (level))

static long sys_ioprio_get(int which, int who)
{
	return syscall(__NR_ioprio_get, which, who);
}

static long sys_ioprio_set(int which, int who, int ioprio)
{
	return syscall(__NR_ioprio_set, which, who, ioprio);
}

static void test_rt(void)
{
	int level, bad = 0;

	for (level = 0; level < 8; level++) {
		TEST(sys_ioprio_set(IOPRIO_WHO_PROCESS, 0,
				    IOP(IOPRIO_CLASS_RT, level)));
		if (TST_RET || sys_ioprio_get(IOPRIO_WHO_PROCESS, 0) !=
		    IOP(IOPRIO_CLASS_RT, level)) {
			tst_res(TFAIL | TTERRNO, "real-time level %d: set "
				"returned %ld, read 0x%lx", level, TST_RET,
				sys_ioprio_get(IOPRIO_WHO_PROCESS, 0));
			bad++;
		}
	}
	TST_EXP_EXPR(!bad, "ioprio_set(self, real-time levels 0..7) reads back");
	TST_EXP_PASS(sys_ioprio_set(IOPRIO_WHO_PROCESS, 0,
				    IOP(IOPRIO_CLASS_BE, 4)),
		     "ioprio_set(self, best-effort 4)");
}

static void child_wait(int fd, int expect, const char *what)
{
	char c;

	SAFE_READ(1, fd, &c, 1);
	TST_EXP_VAL(sys_ioprio_get(IOPRIO_WHO_PROCESS, 0), expect,
		    "the child reads the priority %s set", what);
	exit(0);
}

static void test_others(void)
{
	int idle = IOP(IOPRIO_CLASS_IDLE, 0), be1 = IOP(IOPRIO_CLASS_BE, 1);
	int p1[2], p2[2];
	pid_t pid, pid2;

	SAFE_PIPE(p1);
	pid = SAFE_FORK();
	if (!pid)
		child_wait(p1[0], idle, "its parent");
	TST_EXP_PASS(sys_ioprio_set(IOPRIO_WHO_PROCESS, pid, idle),
		     "ioprio_set(child's pid, idle)");
	SAFE_WRITE(1, p1[1], "x", 1);
	reap_child(pid);

	/* Two children in one new process group. */
	SAFE_PIPE(p2);
	pid = SAFE_FORK();
	if (!pid) {
		setpgid(0, 0);
		child_wait(p2[0], be1, "through IOPRIO_WHO_PGRP");
	}
	setpgid(pid, pid);
	pid2 = SAFE_FORK();
	if (!pid2) {
		setpgid(0, pid);
		child_wait(p2[0], be1, "through IOPRIO_WHO_PGRP");
	}
	if (setpgid(pid2, pid) && errno != EACCES)
		tst_brk(TBROK | TERRNO, "setpgid()");
	/* Both are in the group once getpgid() says so. */
	while (getpgid(pid) != pid || getpgid(pid2) != pid)
		usleep(1000);
	TST_EXP_PASS(sys_ioprio_set(IOPRIO_WHO_PGRP, pid, be1),
		     "ioprio_set(IOPRIO_WHO_PGRP, new group, best-effort 1)");
	SAFE_WRITE(1, p2[1], "xx", 2);
	reap_child(pid);
	reap_child(pid2);
	SAFE_CLOSE(p1[0]);
	SAFE_CLOSE(p1[1]);
	SAFE_CLOSE(p2[0]);
	SAFE_CLOSE(p2[1]);
}

static void test_errors(void)
{
	int be = IOP(IOPRIO_CLASS_BE, 4);
	pid_t unused = unused_pid();

	TST_EXP_FAIL(sys_ioprio_set(IOPRIO_WHO_PROCESS, 0, IOP(4, 0)), EINVAL,
		     "ioprio_set(class 4)");
	TST_EXP_FAIL(sys_ioprio_set(IOPRIO_WHO_PROCESS, 0,
				    IOP(IOPRIO_CLASS_INVALID, 0)), EINVAL,
		     "ioprio_set(IOPRIO_CLASS_INVALID)");
	TST_EXP_FAIL(sys_ioprio_set(IOPRIO_WHO_PROCESS, 0,
				    IOP(IOPRIO_CLASS_NONE, 1)), EINVAL,
		     "ioprio_set(class none, level 1)");
	TST_EXP_FAIL(sys_ioprio_set(4, 0, be), EINVAL, "ioprio_set(which 4)");
	TST_EXP_FAIL(sys_ioprio_set(IOPRIO_WHO_PROCESS, unused, be), ESRCH,
		     "ioprio_set(IOPRIO_WHO_PROCESS, pid %d)", (int)unused);
	TST_EXP_FAIL(sys_ioprio_set(IOPRIO_WHO_PGRP, unused, be), ESRCH,
		     "ioprio_set(IOPRIO_WHO_PGRP, pgid %d)", (int)unused);
	TST_EXP_FAIL(sys_ioprio_set(IOPRIO_WHO_USER, 3999999, be), ESRCH,
		     "ioprio_set(IOPRIO_WHO_USER, uid with no processes)");
}

static pid_t parent;

static void as_nobody(void)
{
	TST_EXP_FAIL(sys_ioprio_set(IOPRIO_WHO_PROCESS, 0,
				    IOP(IOPRIO_CLASS_RT, 4)), EPERM,
		     "ioprio_set(self, real-time) as nobody");
	TST_EXP_FAIL(sys_ioprio_set(IOPRIO_WHO_PROCESS, parent,
				    IOP(IOPRIO_CLASS_BE, 7)), EPERM,
		     "ioprio_set(root-owned parent, best-effort 7) as nobody");
	TST_EXP_PASS(sys_ioprio_set(IOPRIO_WHO_PROCESS, 0,
				    IOP(IOPRIO_CLASS_BE, 7)),
		     "ioprio_set(self, best-effort 7) as nobody");
}

static void run(unsigned int n)
{
	if (n == 0) {
		test_rt();
	} else if (n == 1) {
		test_others();
	} else if (n == 2) {
		test_errors();
	} else {
		parent = getpid();
		run_in_nobody_child(as_nobody, "the EPERM checks");
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.needs_root = 1,
	.forks_child = 1,
};
