// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getcwd(2), the raw system call (it returns the length, NUL included):
 * - the path is the tmpdir's real path, then ".../sub" after chdir("sub");
 * - a buffer of exactly that length is enough, one byte less is ERANGE,
 *   size 0 is ERANGE, an unmapped buffer is EFAULT;
 * - after the cwd is removed: ENOENT;
 * - no permission on the ancestors is needed: as nobody, with cwd in a
 *   directory whose parent is mode 0000, the path is still returned.
 */
#include <fcntl.h>
#include <limits.h>
#include "tst_test.h"
#include "fsmeta.h"

static char real_tmpdir[PATH_MAX];
static void *bad_addr;

static long raw_getcwd(char *buf, size_t size)
{
	return tst_syscall(__NR_getcwd, buf, size);
}

static void setup(void)
{
	if (!realpath(".", real_tmpdir))
		tst_brk(TBROK | TERRNO, "realpath(.)");
	SAFE_MKDIR("getcwd01_sub", 0755);
	SAFE_MKDIR("getcwd01_locked", 0755);
	SAFE_MKDIR("getcwd01_locked/in", 0755);
	bad_addr = fsm_bad_addr();
}

static void cleanup(void)
{
	chmod("getcwd01_locked", 0755);
}

static void check_path(void)
{
	char buf[PATH_MAX], exp[PATH_MAX + 16];
	long len = strlen(real_tmpdir) + 1;

	TST_EXP_VAL(raw_getcwd(buf, sizeof(buf)), len,
		    "getcwd() returns strlen + 1 = %ld", len);
	TST_EXP_EXPR(!strcmp(buf, real_tmpdir), "\"%s\" is the tmpdir", buf);

	FSM_SAFE(chdir("getcwd01_sub"));
	snprintf(exp, sizeof(exp), "%s/getcwd01_sub", real_tmpdir);
	TST_EXP_VAL(raw_getcwd(buf, sizeof(buf)), (long)strlen(exp) + 1,
		    "getcwd() after chdir(\"sub\")");
	TST_EXP_EXPR(!strcmp(buf, exp), "\"%s\" is the subdirectory", buf);
	FSM_SAFE(chdir(".."));
}

static void check_sizes(void)
{
	char buf[PATH_MAX];
	long len = strlen(real_tmpdir) + 1;

	TST_EXP_VAL(raw_getcwd(buf, len), len,
		    "getcwd() with a buffer of exactly %ld bytes", len);
	TST_EXP_FAIL(raw_getcwd(buf, len - 1), ERANGE,
		     "getcwd() with a buffer of %ld bytes", len - 1);
	TST_EXP_FAIL(raw_getcwd(buf, 0), ERANGE, "getcwd() with size 0");
	TST_EXP_FAIL(raw_getcwd(bad_addr, sizeof(buf)), EFAULT,
		     "getcwd() into an unmapped buffer");
}

static void check_removed(void)
{
	char buf[PATH_MAX];
	pid_t pid = SAFE_FORK();

	if (pid) {
		reap_child(pid);
		return;
	}
	SAFE_MKDIR("getcwd01_gone", 0755);
	FSM_SAFE(chdir("getcwd01_gone"));
	SAFE_RMDIR("../getcwd01_gone");
	TST_EXP_FAIL(raw_getcwd(buf, sizeof(buf)), ENOENT,
		     "getcwd() in a removed directory");
	exit(0);
}

static void check_locked_parent(void)
{
	char buf[PATH_MAX], exp[PATH_MAX + 32];
	pid_t pid = SAFE_FORK();

	if (pid) {
		reap_child(pid);
		SAFE_CHMOD("getcwd01_locked", 0755);
		return;
	}
	FSM_SAFE(chdir("getcwd01_locked/in"));
	SAFE_CHMOD("..", 0000);
	tst_drop_privs();
	snprintf(exp, sizeof(exp), "%s/getcwd01_locked/in", real_tmpdir);
	TST_EXP_VAL(raw_getcwd(buf, sizeof(buf)), (long)strlen(exp) + 1,
		    "getcwd() as nobody below a mode 0000 directory");
	TST_EXP_EXPR(!strcmp(buf, exp), "\"%s\" returned", buf);
	exit(0);
}

static void run(unsigned int n)
{
	void (*const checks[])(void) = {
		check_path, check_sizes, check_removed, check_locked_parent,
	};

	checks[n]();
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
