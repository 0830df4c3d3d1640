// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Choosing pids inside a pid namespace (kernel/pid_namespace.c
 * pid_ns_ctl_handler(), kernel/pid.c alloc_pid()). In a new pid
 * namespace, its init:
 *  - reads kernel.ns_last_pid as 1 (itself); after writing 99 there its
 *    next fork() is pid 100, and ns_last_pid then reads 100;
 *  - writing -1 or pid_max + 1 fails with EINVAL; pid_max - 1 makes the
 *    next fork() wrap to 300 (RESERVED_PIDS), not 1;
 *  - as nobody (no CAP_CHECKPOINT_RESTORE or CAP_SYS_ADMIN) a write fails
 *    with EPERM;
 *  - clone3(CLONE_NEWPID) with set_tid {1, 555} gives a child that is 1 in
 *    its new namespace and 555 in init's (NSpid ends "555 1"); another
 *    clone3() with set_tid {555} is EEXIST while it lives; set_tid
 *    {2, 556} with CLONE_NEWPID is EINVAL (no pid 1 in the new
 *    namespace); set_tid {777} gives pid 777.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "clone3_raw.h"


static long pid_max;

static pid_t fork_exit(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		_exit(0);
	reap_child(pid);
	return pid;
}

/*
 * clone3() with set_tid; the child (which checks its NSpid if check is
 * set) waits for EOF on hold[0] and exits.
 */
static pid_t clone_tid(uint64_t flags, pid_t *tids, int n, int *hold,
		       int check)
{
	struct clone3_args args = {
		.flags = flags,
		.exit_signal = SIGCHLD,
		.set_tid = PTR64(tids),
		.set_tid_size = n,
	};
	unsigned int a = 0, b = 0;
	pid_t pid;
	char c;

	pid = clone3(&args, sizeof(args));
	if (pid)
		return pid;
	close(hold[1]);
	if (check) {
		ns_nspid_tail(&a, &b);
		TST_EXP_EXPR(a == 555 && b == 1 && getpid() == 1,
			     "the child's NSpid ends '%u %u', getpid() %d", a, b,
			     (int)getpid());
	}
	_exit(read(hold[0], &c, 1) == 0 ? 0 : 1);
}

static void set_tid_checks(void)
{
	pid_t tids[2], pid, other, stray[2];
	int hold[2], n;

	SAFE_PIPE(hold);
	tids[0] = 1;
	tids[1] = 555;
	pid = clone_tid(CLONE_NEWPID, tids, 2, hold, 1);
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone3(CLONE_NEWPID, set_tid {1, 555})");
	TST_EXP_EXPR(pid == 555, "set_tid {1, 555}: pid %d here", (int)pid);

	tids[0] = 555;
	other = clone_tid(0, tids, 1, hold, 0);
	stray[0] = other;
	TST_EXP_EXPR(other < 0 && errno == EEXIST, "set_tid {555} while 555 "
		     "lives: %s", other < 0 ? tst_strerrno(errno) : "made");
	tids[0] = 2;
	tids[1] = 556;
	other = clone_tid(CLONE_NEWPID, tids, 2, hold, 0);
	stray[1] = other;
	TST_EXP_EXPR(other < 0 && errno == EINVAL, "set_tid {2, 556} with "
		     "CLONE_NEWPID: %s", other < 0 ? tst_strerrno(errno) :
		     "made");
	tids[0] = 777;
	other = clone_tid(0, tids, 1, hold, 0);
	TST_EXP_EXPR(other == 777, "set_tid {777}: pid %d", (int)other);
	SAFE_CLOSE(hold[1]);
	if (other > 0)
		reap_child(other);
	for (n = 0; n < 2; n++)
		if (stray[n] > 0)
			reap_child(stray[n]);
	reap_child(pid);
	SAFE_CLOSE(hold[0]);
}

static void init_main(void)
{
	pid_t pid;

	TST_EXP_EQ_LI(ns_last_pid_read(), 1);
	TST_EXP_PASS(ns_last_pid_write(99), "write 99 to ns_last_pid");
	pid = fork_exit();
	TST_EXP_EQ_LI(pid, 100);
	TST_EXP_EQ_LI(ns_last_pid_read(), 100);

	TST_EXP_FAIL(ns_last_pid_write(-1), EINVAL, "ns_last_pid -1");
	TST_EXP_FAIL(ns_last_pid_write(pid_max + 1), EINVAL, "ns_last_pid pid_max+1");
	TST_EXP_EQ_LI(ns_last_pid_read(), 100);
	TST_EXP_PASS(ns_last_pid_write(pid_max - 1), "ns_last_pid pid_max-1");
	pid = fork_exit();
	TST_EXP_EXPR(pid == 300, "the fork after pid_max - 1 wrapped to %d "
		     "(300 expected)", (int)pid);

	pid = SAFE_FORK();
	if (!pid) {
		SAFE_SETGID(65534);
		SAFE_SETUID(65534);
		TST_EXP_FAIL(ns_last_pid_write(500), EPERM, "ns_last_pid as nobody");
		exit(0);
	}
	reap_child(pid);
	set_tid_checks();
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_NS_FORK(CLONE_NEWPID);

	if (!pid)
		init_main();
	NS_REAP(pid);
}

static void setup(void)
{
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
	.min_kver = "5.5",
	.needs_kconfigs = (const char *const []) {"CONFIG_PID_NS", NULL},
};
