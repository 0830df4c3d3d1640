// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PR_SET_NO_NEW_PRIVS is a one-way switch: PR_GET_NO_NEW_PRIVS reads 1
 * after it, a forked child and an execve()d program inherit it, and
 * clearing it (arg2 0) is EINVAL, as are non-zero unused arguments. Its
 * effect: a set-user-ID program no longer changes the effective uid (a
 * copy of execve_child owned by nobody, mode 04755, run by root).
 */
#include <pwd.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/statvfs.h>
#include "exec_child_run.h"
#include "task_wait.h"

#define SUID_COPY	"suid_child"

static uid_t nobody;
static int nosuid_fs;

static void exec_euid(uid_t expect)
{
	char uid[16];
	char *argv[] = {"x", "euid", uid, NULL};

	snprintf(uid, sizeof(uid), "%d", (int)expect);
	execve(SUID_COPY, argv, (char *[]){NULL});
	tst_res(TFAIL | TERRNO, "execve(%s)", SUID_COPY);
	_exit(EXEC_CHILD_NOT_RUN);
}

static void test_suid(int nnp)
{
	pid_t pid;

	if (nosuid_fs) {
		tst_res(TCONF, "the tmpdir is mounted nosuid: set-user-ID "
			"effect not tested");
		return;
	}
	pid = SAFE_FORK();
	if (!pid) {
		if (nnp && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "prctl(PR_SET_NO_NEW_PRIVS)");
		exec_euid(nnp ? 0 : nobody);
	}
	exec_child_report(pid, nnp ? "with no_new_privs a set-user-ID program "
			  "keeps euid 0" : "without no_new_privs the same "
			  "program runs with euid nobody");
}

static void test_switch(void)
{
	char *argv[] = {"x", "nnp", "1", NULL};
	pid_t pid = SAFE_FORK(), child;

	if (pid) {
		reap_child(pid);
		return;
	}
	TEST(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
	if (TST_RET)
		tst_res(TINFO, "no_new_privs was already set (%ld)", TST_RET);
	TST_EXP_FAIL(prctl(PR_SET_NO_NEW_PRIVS, 1, 1, 0, 0), EINVAL,
		     "prctl(PR_SET_NO_NEW_PRIVS, 1, 1)");
	TST_EXP_PASS(prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0));
	TST_EXP_VAL(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0), 1);
	TST_EXP_FAIL(prctl(PR_SET_NO_NEW_PRIVS, 0, 0, 0, 0), EINVAL,
		     "prctl(PR_SET_NO_NEW_PRIVS, 0): it cannot be cleared");
	TST_EXP_FAIL(prctl(PR_GET_NO_NEW_PRIVS, 1, 0, 0, 0), EINVAL,
		     "prctl(PR_GET_NO_NEW_PRIVS, 1)");
	TST_EXP_VAL(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0), 1,
		    "still set after the attempts");
	child = SAFE_FORK();
	if (!child) {
		TST_EXP_VAL(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0), 1,
			    "inherited by a forked child");
		exit(0);
	}
	reap_child(child);
	child = SAFE_FORK();
	if (!child)
		exec_child(argv, (char *[]){NULL});
	exec_child_report(child, "no_new_privs kept across execve");
	exit(0);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_switch();
		break;
	case 1:
		test_suid(0);
		break;
	case 2:
		test_suid(1);
		break;
	}
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");
	const char *path = exec_child_path();
	struct statvfs sv;
	char buf[65536];
	int in, out;
	ssize_t len;

	nobody = pw ? pw->pw_uid : 65534;
	in = SAFE_OPEN(path, O_RDONLY);
	out = SAFE_OPEN(SUID_COPY, O_WRONLY | O_CREAT | O_EXCL, 0700);
	while ((len = SAFE_READ(0, in, buf, sizeof(buf))) > 0)
		SAFE_WRITE(1, out, buf, len);
	SAFE_CLOSE(in);
	SAFE_CLOSE(out);
	SAFE_CHOWN(SUID_COPY, nobody, -1);
	/* chown() clears set-user-ID: set the mode after it */
	SAFE_CHMOD(SUID_COPY, 04755);
	if (statvfs(".", &sv))
		tst_brk(TBROK | TERRNO, "statvfs(.)");
	nosuid_fs = !!(sv.f_flag & ST_NOSUID);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
