// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * reboot(2), raw, without ever rebooting the machine:
 * - a wrong magic1 or magic2 is EINVAL for root (kernel/reboot.c);
 * - as nobody it is EPERM, checked before the magic numbers;
 * - the init (pid 1) of a new PID namespace that calls
 *   LINUX_REBOOT_CMD_RESTART dies, and its parent sees it killed by
 *   SIGHUP; LINUX_REBOOT_CMD_POWER_OFF gives SIGINT; any other command
 *   (LINUX_REBOOT_CMD_CAD_ON) is EINVAL there
 *   (kernel/pid_namespace.c reboot_pid_ns(), documented in reboot(2)).
 * - as root in the initial namespaces, LINUX_REBOOT_CMD_CAD_OFF and
 *   LINUX_REBOOT_CMD_CAD_ON succeed and switch what Ctrl-Alt-Del does:
 *   /proc/sys/kernel/ctrl-alt-del reads 0, then 1 (saved and restored by
 *   the library).
 * The namespace child calls reboot() only after checking it is pid 1.
 */
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <linux/reboot.h>
#include "tst_test.h"
#include "as_nobody.h"

#define M1 LINUX_REBOOT_MAGIC1
#define M2 LINUX_REBOOT_MAGIC2

static long sys_reboot(int m1, int m2, unsigned int cmd)
{
	return tst_syscall(__NR_reboot, m1, m2, cmd, NULL);
}

static void as_nobody(void)
{
	TST_EXP_FAIL(sys_reboot(M1, M2, LINUX_REBOOT_CMD_CAD_OFF), EPERM,
		     "reboot(CAD_OFF) as nobody");
	TST_EXP_FAIL(sys_reboot(M1, 0x1234, LINUX_REBOOT_CMD_CAD_OFF), EPERM,
		     "reboot(wrong magic2) as nobody");
}

static void in_pid_ns(const char *name, unsigned int cmd, int sig)
{
	int status;
	long pid;

	pid = syscall(__NR_clone, CLONE_NEWPID | SIGCHLD, NULL, NULL, NULL,
		      0);
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone(CLONE_NEWPID)");
	if (!pid) {
		/* never reboot the machine: only as init of the new ns */
		if (syscall(__NR_getpid) != 1)
			_exit(3);
		if (sig) {
			sys_reboot(M1, M2, cmd);
			_exit(4);
		}
		TST_EXP_FAIL(sys_reboot(M1, M2, cmd), EINVAL,
			     "reboot(%s) as init of a PID namespace", name);
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 3)
		tst_brk(TBROK, "child of clone(CLONE_NEWPID) is not pid 1");
	if (!sig) {
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			tst_res(TFAIL, "namespace init ended with status %#x",
				status);
		return;
	}
	if (WIFSIGNALED(status) && WTERMSIG(status) == sig)
		tst_res(TPASS, "reboot(%s) in a PID namespace: its init "
			"killed by %s", name, tst_strsig(sig));
	else if (WIFSIGNALED(status))
		tst_res(TFAIL, "reboot(%s) in a PID namespace: its init killed "
			"by %s, expected %s", name,
			tst_strsig(WTERMSIG(status)), tst_strsig(sig));
	else
		tst_res(TFAIL, "reboot(%s) in a PID namespace: its init exited "
			"with %d, expected death by %s", name,
			WEXITSTATUS(status), tst_strsig(sig));
}

#define CAD_PATH "/proc/sys/kernel/ctrl-alt-del"

static void test_cad(void)
{
	long val = -1;

	TST_EXP_PASS(sys_reboot(M1, M2, LINUX_REBOOT_CMD_CAD_OFF),
		     "reboot(LINUX_REBOOT_CMD_CAD_OFF)");
	SAFE_FILE_SCANF(CAD_PATH, "%ld", &val);
	TST_EXP_EQ_LI(val, 0);
	TST_EXP_PASS(sys_reboot(M1, M2, LINUX_REBOOT_CMD_CAD_ON),
		     "reboot(LINUX_REBOOT_CMD_CAD_ON)");
	SAFE_FILE_SCANF(CAD_PATH, "%ld", &val);
	TST_EXP_EQ_LI(val, 1);
}

static void run(void)
{
	TST_EXP_FAIL(sys_reboot(0x12345678, M2, LINUX_REBOOT_CMD_CAD_OFF),
		     EINVAL, "reboot(wrong magic1)");
	TST_EXP_FAIL(sys_reboot(M1, 0x1234, LINUX_REBOOT_CMD_CAD_OFF),
		     EINVAL, "reboot(wrong magic2)");
	run_in_nobody_child(as_nobody, "the unprivileged checks");
	in_pid_ns("RESTART", LINUX_REBOOT_CMD_RESTART, SIGHUP);
	in_pid_ns("POWER_OFF", LINUX_REBOOT_CMD_POWER_OFF, SIGINT);
	in_pid_ns("CAD_ON", LINUX_REBOOT_CMD_CAD_ON, 0);
	test_cad();
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ CAD_PATH, NULL, TST_SR_TCONF_MISSING },
		{ NULL, NULL, 0 }
	},
};
