// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Who may choose pids: kernel.ns_last_pid and clone3() set_tid need
 * CAP_CHECKPOINT_RESTORE or CAP_SYS_ADMIN in the user namespace that owns
 * the pid namespace concerned (checkpoint_restore_ns_capable() in
 * kernel/pid_namespace.c pid_ns_ctl_handler() and kernel/pid.c
 * alloc_pid()); ns_last_pid is the one of the writer's own (active) pid
 * namespace, not of pid_for_children.
 *
 * In a new pid namespace P (owned by the initial user namespace):
 *  - a root process with CAP_CHECKPOINT_RESTORE but without CAP_SYS_ADMIN
 *    writes 199 and its next fork() is pid 200; set_tid {250} gives 250;
 *  - without either capability (still uid 0) the write is EPERM and
 *    ns_last_pid still reads 200 (set_tid does not move it), set_tid
 *    {260} is EPERM;
 *  - the root of a new user namespace U (full capabilities in U): set_tid
 *    {260} EPERM; after it also unshared a pid namespace P2 (owned by U),
 *    its write of ns_last_pid, which is P's (its active namespace), is
 *    EPERM with the value unchanged, and set_tid {1, 260} for P2's first
 *    process (pid 1 in P2 is U's to choose, 260 in P is not) EPERM; the
 *    failed clone3() leaves P2 usable:
 *  - init of P2 (caps in U, the owner) reads ns_last_pid 1, writes 40 and
 *    forks pid 41; set_tid {77} gives 77; clone3(CLONE_NEWPID) with set_tid
 *    {1, 88} gives a child with NSpid ending "88 1", while {1, 89, 300},
 *    which also picks its pid in P, is EPERM.
 * A kernel checking the capability against the caller's user namespace,
 * against pid_for_children, or only at the innermost level of set_tid,
 * lets a container choose pids in namespaces it does not own.
 */
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "caps_raw.h"
#include "clone3_raw.h"


#ifndef CAP_CHECKPOINT_RESTORE
#define CAP_CHECKPOINT_RESTORE 40
#endif

/*
 * clone3() with set_tid of n entries; the child exits 0 at once, or after
 * checking that its NSpid ends "want_outer 1" when want_outer is set.
 * Returns the pid, or -1 with errno.
 */
static pid_t clone_tid(uint64_t flags, const pid_t *tids, int n,
		       unsigned int want_outer)
{
	struct clone3_args args = {
		.flags = flags,
		.exit_signal = SIGCHLD,
		.set_tid = PTR64(tids),
		.set_tid_size = n,
	};
	unsigned int a, b;
	pid_t pid;

	fflush(stdout);
	pid = clone3(&args, sizeof(args));
	if (pid)
		return pid;
	if (want_outer) {
		ns_nspid_tail(&a, &b);
		TST_EXP_EXPR(a == want_outer && b == 1 && getpid() == 1,
			     "set_tid {1, %u}: the child's NSpid ends '%u %u'",
			     want_outer, a, b);
	}
	exit(0);
}

/* clone3() with set_tid that must give pid want (reaped) or fail (errno). */
static void expect_tid(uint64_t flags, const pid_t *tids, int n, pid_t want,
		       int err, const char *what)
{
	pid_t pid = clone_tid(flags, tids, n,
			       (flags & CLONE_NEWPID) && !err ? tids[1] : 0);

	if (pid > 0)
		reap_child(pid);
	if (err) {
		TST_EXP_EXPR(pid == -1 && errno == err, "%s: %s (%s expected)",
			     what, pid == -1 ? tst_strerrno(errno) : "made",
			     tst_strerrno(err));
		return;
	}
	if (pid == -1)
		tst_res(TFAIL | TERRNO, "%s", what);
	else
		TST_EXP_EXPR(pid == want, "%s: pid %d", what, (int)pid);
}

static void set_caps(uint64_t keep)
{
	struct cap_sets s = { .eff = keep, .prm = keep, .inh = 0 };

	if (capset_v3(&s))
		tst_brk(TBROK | TERRNO, "capset(0x%llx)",
			(unsigned long long)keep);
}

/* Root in P with CAP_CHECKPOINT_RESTORE only, then with neither. */
static void checkpoint_only(void)
{
	pid_t tid, pid;

	set_caps(CAP_BIT(CAP_CHECKPOINT_RESTORE));
	TST_EXP_PASS(ns_last_pid_write(199), "ns_last_pid 199 with "
		     "CAP_CHECKPOINT_RESTORE only");
	pid = SAFE_FORK();
	if (!pid)
		exit(0);
	reap_child(pid);
	TST_EXP_EQ_LI(pid, 200);
	tid = 250;
	expect_tid(0, &tid, 1, 250, 0, "set_tid {250} with "
		   "CAP_CHECKPOINT_RESTORE only");

	set_caps(0);
	TST_EXP_FAIL(ns_last_pid_write(299), EPERM, "ns_last_pid as root without "
		     "CAP_CHECKPOINT_RESTORE and CAP_SYS_ADMIN");
	/* a pid chosen by set_tid does not move the cyclic cursor */
	TST_EXP_EQ_LI(ns_last_pid_read(), 200);
	tid = 260;
	expect_tid(0, &tid, 1, 0, EPERM, "set_tid {260} without the "
		   "capabilities");
}

/* Init of P2, a pid namespace owned by user namespace U. */
static void p2_init(void)
{
	pid_t tids[3], pid;

	TST_EXP_EQ_LI(getpid(), 1);
	TST_EXP_EQ_LI(ns_last_pid_read(), 1);
	TST_EXP_PASS(ns_last_pid_write(40), "ns_last_pid 40 in P2 (owned by U)");
	pid = SAFE_FORK();
	if (!pid)
		exit(0);
	reap_child(pid);
	TST_EXP_EQ_LI(pid, 41);
	tids[0] = 77;
	expect_tid(0, tids, 1, 77, 0, "set_tid {77} in P2");
	tids[0] = 1;
	tids[1] = 88;
	expect_tid(CLONE_NEWPID, tids, 2, 88, 0,
		   "CLONE_NEWPID set_tid {1, 88} (levels owned by U)");
	tids[1] = 89;
	tids[2] = 300;
	expect_tid(CLONE_NEWPID, tids, 3, 0, EPERM,
		   "CLONE_NEWPID set_tid {1, 89, 300} (300 in P, not U's)");
}

/* In P: root of a new user namespace U, making P2. */
static void other_owner(void)
{
	long before = ns_last_pid_read();
	pid_t tids[2], pid;

	if (unshare(CLONE_NEWUSER))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER)");
	ns_map_self_root(0, 0);
	tids[0] = 260;
	expect_tid(0, tids, 1, 0, EPERM, "set_tid {260} in P from U's root");
	if (unshare(CLONE_NEWPID))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWPID) in U");
	TST_EXP_FAIL(ns_last_pid_write(299), EPERM, "ns_last_pid of P from U's root "
		     "with pid_for_children P2 (owned by U)");
	TST_EXP_EQ_LI(ns_last_pid_read(), before);
	/* pid 1 of P2 is U's to choose, 260 in P is not */
	tids[0] = 1;
	tids[1] = 260;
	expect_tid(0, tids, 2, 0, EPERM, "set_tid {1, 260} for P2's init");

	pid = SAFE_FORK();
	if (!pid) {
		p2_init();
		exit(0);
	}
	reap_child(pid);
}

static void p_init(void)
{
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		checkpoint_only();
		exit(0);
	}
	reap_child(pid);

	pid = SAFE_FORK();
	if (!pid) {
		other_owner();
		exit(0);
	}
	reap_child(pid);
}

static void run(void)
{
	pid_t pid = SAFE_NS_FORK(CLONE_NEWPID);

	if (!pid) {
		p_init();
		exit(0);
	}
	NS_REAP(pid);
}

static void setup(void)
{
	long pid_max;

	if (access(NS_LAST_PID, F_OK))
		tst_brk(TCONF, "no " NS_LAST_PID " (CONFIG_CHECKPOINT_RESTORE)");
	SAFE_FILE_SCANF("/proc/sys/kernel/pid_max", "%ld", &pid_max);
	if (pid_max <= 1000)
		tst_brk(TCONF, "pid_max %ld too small", pid_max);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.min_kver = "5.9",
	.needs_kconfigs = (const char *const []) {
		"CONFIG_PID_NS", "CONFIG_USER_NS", NULL
	},
};
