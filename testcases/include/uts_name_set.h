/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The body of the sethostname01 and setdomainname01 tests: the two calls
 * set the two names of a UTS namespace and behave alike. The test defines
 * UTS_NR (the syscall), UTS_CALL (its name), UTS_FIELD (the struct
 * utsname member it sets, and UTS_FIELD_NAME as a string) and UTS_GET
 * (the C library call that reads it back, UTS_GET_NAME as a string).
 */
#ifndef UTS_NAME_SET_H
#define UTS_NAME_SET_H

#include <sched.h>
#include <string.h>
#include <sys/utsname.h>
#include "task_wait.h"
#include "time_event.h"

static void *bad_addr;
static struct utsname orig;

static long sys_set_name(const char *name, long len)
{
	return syscall(UTS_NR, name, len);
}

static void check_name(const char *expect)
{
	struct utsname uts;
	char got[128];

	if (uname(&uts))
		tst_brk(TBROK | TERRNO, "uname()");
	TST_EXP_EXPR(!strcmp(uts.UTS_FIELD, expect),
		     "uname() " UTS_FIELD_NAME " is '%s' (expected '%s')", uts.UTS_FIELD,
		     expect);
	memset(got, 'z', sizeof(got));
	if (UTS_GET(got, sizeof(got)))
		tst_brk(TBROK | TERRNO, UTS_GET_NAME "()");
	TST_EXP_EXPR(!strcmp(got, expect),
		     UTS_GET_NAME "() is '%s' (expected '%s')", got, expect);
}

static void in_new_ns(void)
{
	char name64[65];

	if (unshare(CLONE_NEWUTS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUTS)");
	TST_EXP_PASS(sys_set_name("ltp-legacy", 10),
		     UTS_CALL "(\"ltp-legacy\", 10)");
	check_name("ltp-legacy");
	TST_EXP_PASS(sys_set_name("ltp-legacy-long", 7),
		     UTS_CALL "(\"ltp-legacy-long\", 7)");
	check_name("ltp-leg");
	memset(name64, 'n', 64);
	name64[64] = 0;
	TST_EXP_PASS(sys_set_name(name64, 64), UTS_CALL "(64 bytes, 64)");
	check_name(name64);
	TST_EXP_PASS(sys_set_name("ignored", 0), UTS_CALL "(\"\", 0)");
	check_name("");

	TST_EXP_FAIL(sys_set_name("x", 65), EINVAL,
		     UTS_CALL "(name, 65)");
	TST_EXP_FAIL(sys_set_name("x", -1), EINVAL,
		     UTS_CALL "(name, -1)");
	TST_EXP_FAIL(sys_set_name(bad_addr, 8), EFAULT,
		     UTS_CALL "(unmapped name, 8)");
	exit(0);
}

static void test_ns(void)
{
	struct utsname uts;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid)
		in_new_ns();
	reap_child(pid);
	uname(&uts);
	TST_EXP_EXPR(!strcmp(uts.UTS_FIELD, orig.UTS_FIELD),
		     "the original namespace still has '%s'", uts.UTS_FIELD);
}

static void as_nobody(void)
{
	TST_EXP_FAIL(sys_set_name("ltp-legacy", 10), EPERM,
		     UTS_CALL "(\"ltp-legacy\", 10) as nobody");
	TST_EXP_FAIL(sys_set_name(orig.UTS_FIELD, strlen(orig.UTS_FIELD)),
		     EPERM, UTS_CALL "(current name) as nobody");
	TST_EXP_FAIL(sys_set_name("x", 65), EPERM,
		     UTS_CALL "(name, 65) as nobody");
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

#endif /* UTS_NAME_SET_H */
