// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * reboot(2) inside a pid namespace (kernel/reboot.c, kernel/pid_namespace.c
 * reboot_pid_ns(), zap_pid_ns_processes(); reboot(2), pid_namespaces(7)):
 * the machine is not touched, the namespace's init is killed and its
 * parent reads the exit status SIGHUP for a restart, SIGINT for a halt or
 * power off; the caller exits with status 0.
 *  - in the init of namespace P1: magic1 0 or magic2 0 EINVAL; the
 *    commands CAD_ON, CAD_OFF, KEXEC, SW_SUSPEND and an unknown one
 *    EINVAL, /proc/sys/kernel/ctrl-alt-del unchanged; a member without
 *    CAP_SYS_BOOT (root uid) and a member as nobody EPERM, also with
 *    magic1 0 (the capability is checked first); init goes on;
 *  - P1's init: RESTART (magic2 MAGIC2) never returns, its status is
 *    SIGHUP, its member is dead (the pipe it holds reads EOF);
 *  - P2: a process forked outside after setns() into P2 calls POWER_OFF
 *    (MAGIC2A): it ends there (exit 0, or SIGKILL when init's end
 *    overtakes its do_exit(0)) for its outside parent, P2's init and member
 *    die, init's status SIGINT; P3: init's member calls HALT (MAGIC2C):
 *    SIGINT; P4: init calls RESTART2 with a string (MAGIC2B): SIGHUP;
 *  - P5, made with a new user namespace that owns it: its init (root
 *    there only) restarts it: SIGHUP; P6 owned by the initial user
 *    namespace: its init, after unshare(CLONE_NEWUSER), EPERM and lives.
 * Every reboot() call is made only after checking that the caller's pid
 * namespace is not the test's (a kernel bug there could not reboot the
 * guest through a test mistake).
 */
#include <linux/reboot.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "caps_raw.h"
#include "proc_ids.h"

static ino_t test_pidns;
static int alive_fds[2];

static long sys_reboot(int magic1, int magic2, unsigned int cmd, void *arg)
{
	/* never from the test's own pid namespace */
	if (NS_ID(0, "pid") == test_pidns)
		tst_brk(TBROK, "reboot() about to be called outside a child "
			"pid namespace");
	return syscall(__NR_reboot, magic1, magic2, cmd, arg);
}

#define EXP_REBOOT_FAIL(m1, m2, cmd, err) \
	TST_EXP_FAIL(sys_reboot((m1), (m2), (cmd), NULL), (err), \
		     "reboot(%#x, %#x, %#x)", (unsigned int)(m1), \
		     (unsigned int)(m2), (unsigned int)(cmd))

/* a reboot() that must end the caller: returning is a failure */
static void reboot_ends_caller(int magic2, unsigned int cmd, void *arg)
{
	long ret = sys_reboot(LINUX_REBOOT_MAGIC1, magic2, cmd, arg);

	tst_res(TFAIL | TERRNO, "reboot(%#x) in a child pid namespace "
		"returned %ld", cmd, ret);
	exit(0);
}

/* A member that holds the alive pipe until the namespace dies. */
static void fork_member(void)
{
	if (!SAFE_FORK()) {
		for (;;)
			pause();
	}
}

static void check_init_end(pid_t init, int sig, const char *what)
{
	int status;
	char c;

	SAFE_WAITPID(init, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == sig,
		     "%s: init's status 0x%x (%s expected)", what, status,
		     tst_strsig(sig));
	TST_EXP_EXPR(SAFE_READ(0, alive_fds[0], &c, 1) == 0,
		     "%s: the member died with init", what);
	SAFE_CLOSE(alive_fds[0]);
}

/* a namespace whose init runs fn (with a member forked first) */
static pid_t start_ns(unsigned long flags, void (*fn)(void))
{
	pid_t init;

	SAFE_PIPE(alive_fds);
	init = SAFE_NS_FORK(CLONE_NEWPID | flags);
	if (!init) {
		SAFE_CLOSE(alive_fds[0]);
		fork_member();
		SAFE_CLOSE(alive_fds[1]);
		fn();
		exit(0);
	}
	SAFE_CLOSE(alive_fds[1]);
	return init;
}

static void member_without_cap(void)
{
	drop_eff_caps(CAP_BIT(CAP_SYS_BOOT));
	EXP_REBOOT_FAIL(LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2,
			LINUX_REBOOT_CMD_RESTART, EPERM);
	EXP_REBOOT_FAIL(0, LINUX_REBOOT_MAGIC2, LINUX_REBOOT_CMD_RESTART,
			EPERM);
}

static void member_nobody(void)
{
	if (setresgid(nobody_gid(), nobody_gid(), nobody_gid()) ||
	    setresuid(nobody_uid(), nobody_uid(), nobody_uid()))
		tst_brk(TBROK | TERRNO, "setresuid(nobody)");
	EXP_REBOOT_FAIL(LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2,
			LINUX_REBOOT_CMD_HALT, EPERM);
	EXP_REBOOT_FAIL(0, 0, LINUX_REBOOT_CMD_HALT, EPERM);
}

static void run_member(void (*fn)(void))
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		fn();
		exit(0);
	}
	NS_REAP(pid);
}

static void p1_init(void)
{
	static const unsigned int bad_cmds[] = {
		LINUX_REBOOT_CMD_CAD_ON, LINUX_REBOOT_CMD_CAD_OFF,
		LINUX_REBOOT_CMD_KEXEC, LINUX_REBOOT_CMD_SW_SUSPEND, 0x12345678,
	};
	long cad_before, cad_after;
	size_t i;

	EXP_REBOOT_FAIL(0, LINUX_REBOOT_MAGIC2, LINUX_REBOOT_CMD_RESTART,
			EINVAL);
	EXP_REBOOT_FAIL(LINUX_REBOOT_MAGIC1, 0, LINUX_REBOOT_CMD_RESTART,
			EINVAL);
	SAFE_FILE_SCANF("/proc/sys/kernel/ctrl-alt-del", "%ld", &cad_before);
	for (i = 0; i < ARRAY_SIZE(bad_cmds); i++) {
		EXP_REBOOT_FAIL(LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2,
				bad_cmds[i], EINVAL);
	}
	SAFE_FILE_SCANF("/proc/sys/kernel/ctrl-alt-del", "%ld", &cad_after);
	TST_EXP_EXPR(cad_after == cad_before,
		     "ctrl-alt-del still %ld after CAD_ON/CAD_OFF in a pid "
		     "namespace (reads %ld)", cad_before, cad_after);
	run_member(member_without_cap);
	run_member(member_nobody);
	reboot_ends_caller(LINUX_REBOOT_MAGIC2, LINUX_REBOOT_CMD_RESTART, NULL);
}

static void wait_forever(void)
{
	for (;;)
		pause();
}

static void p2_outside_caller(pid_t init)
{
	char path[64];
	pid_t pid;
	int fd, status;

	pid = SAFE_FORK();
	if (pid) {
		reap_child(pid);
		return;
	}
	snprintf(path, sizeof(path), "/proc/%d/ns/pid", (int)init);
	fd = SAFE_OPEN(path, O_RDONLY);
	if (setns(fd, CLONE_NEWPID))
		tst_brk(TBROK | TERRNO, "setns(%s)", path);
	pid = SAFE_FORK();
	if (!pid)
		reboot_ends_caller(LINUX_REBOOT_MAGIC2A,
				   LINUX_REBOOT_CMD_POWER_OFF, NULL);
	SAFE_WAITPID(pid, &status, 0);
	/*
	 * do_exit(0) follows the SIGKILL to init at once, but init's zap of
	 * the namespace may reach the caller in between: then its status is
	 * that SIGKILL. A return from reboot() is a TFAIL of the caller.
	 */
	TST_EXP_EXPR((WIFEXITED(status) && WEXITSTATUS(status) == 0) ||
		     (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL),
		     "the caller of POWER_OFF ended in reboot() (status 0x%x: "
		     "exit 0, or SIGKILL from the namespace's end)", status);
	exit(0);
}

static void p3_init(void)
{
	pid_t pid = SAFE_FORK();
	int status;

	if (!pid)
		reboot_ends_caller(LINUX_REBOOT_MAGIC2C, LINUX_REBOOT_CMD_HALT,
				   NULL);
	SAFE_WAITPID(pid, &status, 0);
	tst_res(TFAIL, "HALT by a member returned to init (member status "
		"0x%x)", status);
	wait_forever();
}

static void p4_init(void)
{
	char arg[] = "ltp-pidns13";

	reboot_ends_caller(LINUX_REBOOT_MAGIC2B, LINUX_REBOOT_CMD_RESTART2, arg);
}

static void p5_init(void)
{
	reboot_ends_caller(LINUX_REBOOT_MAGIC2, LINUX_REBOOT_CMD_RESTART, NULL);
}

static void p6_init(void)
{
	if (unshare(CLONE_NEWUSER))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER)");
	EXP_REBOOT_FAIL(LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2,
			LINUX_REBOOT_CMD_RESTART, EPERM);
}

static void run(void)
{
	pid_t init;
	int status;

	init = start_ns(0, p1_init);
	check_init_end(init, SIGHUP, "P1 init's RESTART");

	init = start_ns(0, wait_forever);
	p2_outside_caller(init);
	check_init_end(init, SIGINT, "P2 POWER_OFF from a setns() member");

	init = start_ns(0, p3_init);
	check_init_end(init, SIGINT, "P3 member's HALT");

	init = start_ns(0, p4_init);
	check_init_end(init, SIGHUP, "P4 init's RESTART2");

	init = start_ns(CLONE_NEWUSER, p5_init);
	check_init_end(init, SIGHUP, "P5 (own user namespace) init's RESTART");

	init = start_ns(0, p6_init);
	SAFE_WAITPID(init, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		     "P6 init lived on after EPERM and exited 0 (status 0x%x)",
		     status);
	SAFE_CLOSE(alive_fds[0]);
}

static void setup(void)
{
	test_pidns = NS_ID(0, "pid");
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {"CONFIG_PID_NS",
						  "CONFIG_USER_NS", NULL},
};
