// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execve() EAGAIN: root's set*uid() to a user already at or above the
 * caller's RLIMIT_NPROC does not fail (programs ignore its return), the
 * kernel marks the task instead (PF_NPROC_EXCEEDED, flag_nproc_exceeded())
 * and the next execve() fails with EAGAIN while the user is still over
 * the limit; the process goes on running its old image. The user here
 * is a uid of the test's own that one holder process already runs as:
 * - RLIMIT_NPROC 0: setresuid() returns 0, execve() is EAGAIN, and a
 *   second execve() too;
 * - RLIMIT_NPROC 1 (the holder alone, not above it): execve() runs the
 *   new program (it exits with 42).
 * Syscalls: execve
 */
#include <grp.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "as_nobody.h"

static uid_t uid;
static char *const sh_argv[] = { "sh", "-c", "exit 42", NULL };
static char *const sh_envp[] = { NULL };

static void become(rlim_t nproc)
{
	struct rlimit rl = { nproc, nproc };

	if (setgroups(0, NULL) || setresgid(uid, uid, uid))
		tst_brk(TBROK | TERRNO, "setgroups()/setresgid(%u)",
			(unsigned int)uid);
	if (setrlimit(RLIMIT_NPROC, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NPROC, %lu)",
			(unsigned long)nproc);
	TST_EXP_PASS(setresuid(uid, uid, uid),
		     "setresuid(%u) with RLIMIT_NPROC %lu",
		     (unsigned int)uid, (unsigned long)nproc);
	if (!TST_PASS)
		exit(0);
}

static void run(void)
{
	pid_t holder, pid;
	int status;

	holder = SAFE_FORK();
	if (!holder) {
		if (setresuid(uid, uid, uid))
			tst_brk(TBROK | TERRNO, "setresuid(%u)",
				(unsigned int)uid);
		TST_CHECKPOINT_WAKE(0);
		TST_CHECKPOINT_WAIT(1);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);

	pid = SAFE_FORK();
	if (!pid) {
		become(0);
		TST_EXP_FAIL(execve("/bin/sh", sh_argv, sh_envp), EAGAIN,
			     "execve() over RLIMIT_NPROC after setresuid()");
		TST_EXP_FAIL(execve("/bin/sh", sh_argv, sh_envp), EAGAIN,
			     "a second execve() while still over the limit");
		exit(0);
	}
	reap_child(pid);

	pid = SAFE_FORK();
	if (!pid) {
		become(1);
		execve("/bin/sh", sh_argv, sh_envp);
		tst_res(TFAIL | TERRNO,
			"execve() at RLIMIT_NPROC 1 with one process");
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 42)
		tst_res(TPASS, "at the limit (1 process, RLIMIT_NPROC 1) "
			"execve() runs the program");
	else if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TFAIL, "the program exec'd at RLIMIT_NPROC 1 ended "
			"with status 0x%x", status);

	TST_CHECKPOINT_WAKE(1);
	reap_child(holder);
}

static void setup(void)
{
	/* A uid no other process has (as_nobody.h): its count is ours. */
	uid = OWN_UID_BASE + getpid();
	if (access("/bin/sh", X_OK))
		tst_brk(TCONF, "no /bin/sh");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_checkpoints = 1,
	.forks_child = 1,
};
