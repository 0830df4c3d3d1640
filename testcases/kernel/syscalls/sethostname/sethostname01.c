// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sethostname() as root, in a child in a new UTS namespace
 * (unshare(CLONE_NEWUTS)), so the system's name is never touched: the
 * name set reads back through uname() (nodename) and gethostname(), a
 * name of exactly 64 bytes (__NEW_UTS_LEN) is kept whole and a length
 * shorter than the string sets only that prefix, length 0 sets the
 * empty name; the parent, in the original namespace, still sees its old
 * name. EINVAL for a length above 64 and a negative one, EFAULT for an
 * unmapped name. As nobody (in the initial user namespace): EPERM, also
 * before the length is checked.
 */
#include <sched.h>
#include <string.h>
#include <sys/utsname.h>
#include "../common/time_event.h"

static void *bad_addr;
static struct utsname orig;

static long sys_sethostname(const char *name, long len)
{
	return syscall(__NR_sethostname, name, len);
}

static void check_name(const char *expect)
{
	struct utsname uts;
	char got[128];

	if (uname(&uts))
		tst_brk(TBROK | TERRNO, "uname()");
	TST_EXP_EXPR(!strcmp(uts.nodename, expect),
		     "uname() nodename is '%s' (expected '%s')", uts.nodename,
		     expect);
	memset(got, 'z', sizeof(got));
	if (gethostname(got, sizeof(got)))
		tst_brk(TBROK | TERRNO, "gethostname()");
	TST_EXP_EXPR(!strcmp(got, expect),
		     "gethostname() is '%s' (expected '%s')", got, expect);
}

static void in_new_ns(void)
{
	char name64[65];

	if (unshare(CLONE_NEWUTS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUTS)");
	TST_EXP_PASS(sys_sethostname("ltp-legacy", 10),
		     "sethostname(\"ltp-legacy\", 10)");
	check_name("ltp-legacy");
	TST_EXP_PASS(sys_sethostname("ltp-legacy-long", 7),
		     "sethostname(\"ltp-legacy-long\", 7)");
	check_name("ltp-leg");
	memset(name64, 'n', 64);
	name64[64] = 0;
	TST_EXP_PASS(sys_sethostname(name64, 64), "sethostname(64 bytes, 64)");
	check_name(name64);
	TST_EXP_PASS(sys_sethostname("ignored", 0), "sethostname(\"\", 0)");
	check_name("");

	TST_EXP_FAIL(sys_sethostname("x", 65), EINVAL,
		     "sethostname(name, 65)");
	TST_EXP_FAIL(sys_sethostname("x", -1), EINVAL,
		     "sethostname(name, -1)");
	TST_EXP_FAIL(sys_sethostname(bad_addr, 8), EFAULT,
		     "sethostname(unmapped name, 8)");
	exit(0);
}

static void test_ns(void)
{
	struct utsname uts;
	int status;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid)
		in_new_ns();
	SAFE_WAITPID(pid, &status, 0);
	if (WIFSIGNALED(status) ||
	    (WEXITSTATUS(status) & ~(TFAIL | TBROK | TWARN | TCONF)))
		tst_res(TBROK, "child ended with status 0x%x", status);
	uname(&uts);
	TST_EXP_EXPR(!strcmp(uts.nodename, orig.nodename),
		     "the original namespace still has '%s'", uts.nodename);
}

static void as_nobody(void)
{
	TST_EXP_FAIL(sys_sethostname("ltp-legacy", 10), EPERM,
		     "sethostname(\"ltp-legacy\", 10) as nobody");
	TST_EXP_FAIL(sys_sethostname(orig.nodename, strlen(orig.nodename)),
		     EPERM, "sethostname(current name) as nobody");
	TST_EXP_FAIL(sys_sethostname("x", 65), EPERM,
		     "sethostname(name, 65) as nobody");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_ns();
	else
		run_in_nobody_child(as_nobody, "the EPERM checks");
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
	if (uname(&orig))
		tst_brk(TBROK | TERRNO, "uname()");
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
