// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Scheduler autogroups (kernel/sched/autogroup.c, /proc/PID/autogroup),
 * kernel.sched_autogroup_enabled saved and restored:
 * - setsid() puts the process in a new autogroup ("/autogroup-N nice
 *   0", N new), with the sysctl 1 and with it 0; a child forked after
 *   shares its parent's group until its own setsid();
 * - writing a nice value to /proc/PID/autogroup sets the group's
 *   (-20, 5, 19 read back, and its other member sees it); 20, -21 and
 *   "abc" are EINVAL and change nothing; an unprivileged owner may
 *   raise its group's nice (EAGAIN only within the 100 ms rate limit)
 *   but not lower it below 0 (EPERM);
 * - the race of 18f649ef3441: a process whose session's leader was
 *   killed and reaped calls setsid() with autogroups disabled, which
 *   drops the last reference to its old group, then goes on sleeping
 *   and waking: it must finish, and the kernel neither oopses nor warns
 *   (taint_check).
 *
 * Fix: 18f649ef3441 ("sched/autogroup: Fix autogroup_move_group() to
 * never skip sched_move_task()"): with autogroups disabled it changed
 * signal->autogroup without moving the tasks, so they went on running
 * in the task group of a freed autogroup.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include "tst_test.h"

#define ENABLED "/proc/sys/kernel/sched_autogroup_enabled"

/* The autogroup of pid (0: self): its id, 0 for none; nice in *nice. */
static long ag_id(pid_t pid, int *nice)
{
	char path[64];
	long id = 0;
	int n = 0;
	FILE *f;

	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/autogroup", (int)pid);
	else
		snprintf(path, sizeof(path), "/proc/self/autogroup");
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	if (fscanf(f, "/autogroup-%ld nice %d", &id, &n) != 2)
		id = 0;
	fclose(f);
	if (nice)
		*nice = n;
	return id;
}

static int ag_write(pid_t pid, const char *val)
{
	char path[64];
	ssize_t ret;
	int fd, err;

	snprintf(path, sizeof(path), "/proc/%d/autogroup", (int)pid);
	fd = SAFE_OPEN(path, O_WRONLY);
	ret = write(fd, val, strlen(val));
	err = errno;
	SAFE_CLOSE(fd);
	errno = err;
	return ret < 0 ? -1 : 0;
}

static void expect_nice(pid_t pid, int want, const char *what)
{
	int nice;

	ag_id(pid, &nice);
	if (nice == want)
		tst_res(TPASS, "%s: nice %d", what, want);
	else
		tst_res(TFAIL, "%s: nice %d, expected %d", what, nice, want);
}

static void wait_ok(pid_t pid, const char *who)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TBROK, "%s ended with status 0x%x", who, status);
}

/* In a new session: membership and nice writes as root. */
static void groups_and_nice(int enabled)
{
	long before = ag_id(0, NULL), id, child_id;
	int fds[2];
	pid_t child;
	char c;

	if (setsid() < 0)
		tst_brk(TBROK | TERRNO, "setsid()");
	id = ag_id(0, NULL);
	TST_EXP_EXPR(id > 0 && id != before, "sched_autogroup_enabled %d: "
		     "setsid() gives a new autogroup (%ld, was %ld)", enabled,
		     id, before);

	SAFE_PIPE(fds);
	child = SAFE_FORK();
	if (!child) {
		SAFE_READ(1, fds[0], &c, 1);
		if (setsid() < 0)
			tst_brk(TBROK | TERRNO, "setsid() in the child");
		child_id = ag_id(0, NULL);
		TST_EXP_EXPR(child_id > 0 && child_id != id, "the child's "
			     "setsid() gives it a group of its own (%ld)",
			     child_id);
		exit(0);
	}
	child_id = ag_id(child, NULL);
	TST_EXP_EXPR(child_id == id, "a forked child shares the group (%ld)",
		     child_id);

	TST_EXP_PASS(ag_write(getpid(), "5"), "autogroup nice 5");
	expect_nice(0, 5, "read back");
	expect_nice(child, 5, "the group's other member");
	TST_EXP_PASS(ag_write(getpid(), "-20"), "autogroup nice -20");
	expect_nice(0, -20, "read back");
	TST_EXP_PASS(ag_write(getpid(), "19"), "autogroup nice 19");
	TST_EXP_FAIL(ag_write(getpid(), "20"), EINVAL, "autogroup nice 20");
	TST_EXP_FAIL(ag_write(getpid(), "-21"), EINVAL, "autogroup nice -21");
	TST_EXP_FAIL(ag_write(getpid(), "abc"), EINVAL, "autogroup nice abc");
	expect_nice(0, 19, "after the failed writes");

	SAFE_WRITE(1, fds[1], "g", 1);
	wait_ok(child, "the child");
	exit(0);
}

/* In a new session, as nobody. */
static void nobody_nice(void)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	pid_t self = getpid();

	if (setsid() < 0)
		tst_brk(TBROK | TERRNO, "setsid()");
	tst_drop_privs();
	/* a uid change made us undumpable: /proc/self would be root's */
	if (prctl(PR_SET_DUMPABLE, 1))
		tst_brk(TBROK | TERRNO, "prctl(PR_SET_DUMPABLE)");
	TST_EXP_FAIL(ag_write(self, "-5"), EPERM, "nobody: autogroup nice -5");
	/* at most one write per 100 ms without CAP_SYS_ADMIN */
	while (ag_write(self, "10") && errno == EAGAIN &&
	       tst_mono_ms() < deadline)
		usleep(20000);
	expect_nice(0, 10, "nobody raised its group's nice");
	exit(0);
}

/*
 * 18f649ef3441: the leader of our session dies and is reaped, then we
 * leave its autogroup with autogroups disabled and keep scheduling.
 */
static void freed_group(void)
{
	pid_t leader, member;
	int i;

	SAFE_FILE_PRINTF(ENABLED, "1");
	leader = SAFE_FORK();
	if (!leader) {
		if (setsid() < 0)
			tst_brk(TBROK | TERRNO, "setsid()");
		member = SAFE_FORK();
		if (member) {
			pause();
			exit(0);
		}
		SAFE_KILL(getppid(), SIGKILL);
		/* the test process reaps the leader, then wakes us */
		TST_CHECKPOINT_WAIT(0);
		SAFE_FILE_PRINTF(ENABLED, "0");
		if (setsid() < 0)
			tst_brk(TBROK | TERRNO, "setsid() of the member");
		for (i = 0; i < 1000; i++)
			usleep(10);
		TST_EXP_EXPR(ag_id(0, NULL) > 0, "the member is in its new "
			     "autogroup and ran on");
		TST_CHECKPOINT_WAKE(1);
		exit(0);
	}
	reap_child_killed(leader, SIGKILL);
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);
}

static void run(void)
{
	pid_t pid;

	SAFE_FILE_PRINTF(ENABLED, "1");
	pid = SAFE_FORK();
	if (!pid)
		groups_and_nice(1);
	wait_ok(pid, "the session child");
	SAFE_FILE_PRINTF(ENABLED, "0");
	pid = SAFE_FORK();
	if (!pid)
		groups_and_nice(0);
	wait_ok(pid, "the session child");

	SAFE_FILE_PRINTF(ENABLED, "1");
	pid = SAFE_FORK();
	if (!pid)
		nobody_nice();
	wait_ok(pid, "the nobody child");

	freed_group();
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.timeout = 60,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_SCHED_AUTOGROUP",
		NULL
	},
	.save_restore = (const struct tst_path_val[]) {
		{ENABLED, NULL, TST_SR_TCONF_MISSING},
		{}
	},
	.tags = (const struct tst_tag[]) {
		{"linux-git", "18f649ef3441"},
		{}
	},
};
