// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill() errors and permission rules: EINVAL for an invalid signal; ESRCH
 * for a pid and a process group that do not exist, and for INT_MIN, whose
 * negation is undefined (CVE-2018-10124); as nobody, EPERM towards a root
 * process (also with signal 0) and towards a group of root processes.
 * Allowed as nobody: SIGCONT to a root process in the same session, and
 * any signal to a root process whose saved set-user-ID is nobody.
 */
#include <limits.h>
#include <pwd.h>
#include <signal.h>
#include <stdlib.h>
#include "task_wait.h"

static pid_t root_pid;	/* the test process, a group leader */

static void as_nobody(void)
{
	/* out of the test's group, which then holds only root processes */
	if (setpgid(0, 0))
		tst_brk(TBROK | TERRNO, "setpgid(0, 0)");
	tst_drop_privs();
	TST_EXP_FAIL(kill(root_pid, 0), EPERM, "kill(root process, 0) as "
		     "nobody");
	TST_EXP_FAIL(kill(root_pid, SIGUSR1), EPERM, "kill(root process, "
		     "SIGUSR1) as nobody");
	TST_EXP_FAIL(kill(-root_pid, SIGUSR1), EPERM, "kill(-root pgid, "
		     "SIGUSR1) as nobody");
	TST_EXP_PASS(kill(root_pid, SIGCONT), "kill(root process, SIGCONT) "
		     "as nobody in the same session");
	exit(0);
}

static void test_nobody(void)
{
	pid_t pid = SAFE_FORK();
	int status;

	if (!pid)
		as_nobody();
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TFAIL, "the nobody child ended with status 0x%x: a "
			"signal meant for root processes reached it", status);
}

/* A root target whose saved set-user-ID is nobody may be signalled. */
static void test_saved_uid(void)
{
	struct passwd *pw = getpwnam("nobody");
	uid_t nobody = pw ? pw->pw_uid : 65534;
	pid_t target, sender;
	int status;

	target = SAFE_FORK();
	if (!target) {
		if (setresuid(0, 0, nobody))
			tst_brk(TBROK | TERRNO, "setresuid(0, 0, %d)", nobody);
		TST_CHECKPOINT_WAKE(0);
		pause();
		exit(1);
	}
	TST_CHECKPOINT_WAIT(0);
	sender = SAFE_FORK();
	if (!sender) {
		tst_drop_privs();
		TST_EXP_PASS(kill(target, SIGTERM), "kill(root process with "
			     "saved uid nobody, SIGTERM) as nobody");
		exit(0);
	}
	reap_child(sender);
	SAFE_WAITPID(target, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM,
		     "the target was killed by SIGTERM (status 0x%x)", status);
}

static void test_args(void)
{
	pid_t unused = unused_pid();

	TST_EXP_FAIL(kill(root_pid, _NSIG + 1), EINVAL, "kill(self, %d)",
		     _NSIG + 1);
	TST_EXP_FAIL(kill(root_pid, -1), EINVAL, "kill(self, -1)");
	TST_EXP_FAIL(kill(unused, SIGUSR1), ESRCH, "kill(pid_max, SIGUSR1)");
	TST_EXP_FAIL(kill(unused, 0), ESRCH, "kill(pid_max, 0)");
	TST_EXP_FAIL(kill(-unused, SIGUSR1), ESRCH, "kill(-pid_max, SIGUSR1)");
	TST_EXP_FAIL(kill(INT_MIN, SIGUSR1), ESRCH, "kill(INT_MIN, SIGUSR1)");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_args();
		break;
	case 1:
		test_nobody();
		break;
	case 2:
		test_saved_uid();
		break;
	}
}

static void setup(void)
{
	root_pid = getpid();
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2018-10124"},
		{}
	},
};
