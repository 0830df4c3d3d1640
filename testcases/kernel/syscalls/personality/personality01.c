// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * personality(2) sets the execution domain and returns the previous one;
 * 0xffffffff only queries it. Checked in a child, against
 * /proc/self/personality and uname(2):
 * - the query returns what /proc/self/personality shows and changes
 *   nothing;
 * - personality(PER_LINUX32) returns the old value, then reads back, and
 *   uname() reports the 32-bit machine "i686" instead of "x86_64";
 *   PER_LINUX gives "x86_64" back;
 * - PER_LINUX | ADDR_NO_RANDOMIZE reads back and is inherited by a forked
 *   child;
 * - UNAME26 makes uname() report release "2.6.<60 + minor>" followed by
 *   the rest of the real release string (kernel/sys.c override_release()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/utsname.h>
#include "task_wait.h"

#define QUERY 0xffffffffUL

static long sys_personality(unsigned long p)
{
	return syscall(__NR_personality, p);
}

static unsigned long proc_personality(void)
{
	unsigned long p;

	SAFE_FILE_SCANF("/proc/self/personality", "%lx", &p);
	return p;
}

static void check_now(unsigned long want, const char *what)
{
	TST_EXP_VAL(sys_personality(QUERY), want, "query after %s", what);
	TST_EXP_EQ_LU(proc_personality(), want);
}

/* What UNAME26 must make of the release string rel. */
static void uname26_release(const char *rel, char *buf, size_t size)
{
	unsigned int major, minor;
	const char *rest = rel;
	int ndots = 0;

	if (sscanf(rel, "%u.%u", &major, &minor) != 2)
		tst_brk(TBROK, "cannot parse release '%s'", rel);
	while (*rest) {
		if (*rest == '.' && ++ndots >= 3)
			break;
		if ((*rest < '0' || *rest > '9') && *rest != '.')
			break;
		rest++;
	}
	snprintf(buf, size, "2.6.%u%s", minor + 60, rest);
}

static void child(void)
{
	struct utsname real, u;
	unsigned long start;
	char want[80];
	int compat;
	pid_t pid;

	start = proc_personality();
	TST_EXP_VAL(sys_personality(QUERY), start,
		    "personality(0xffffffff) = /proc/self/personality");
	check_now(start, "a query");
	if (uname(&real))
		tst_brk(TBROK | TERRNO, "uname()");

	TST_EXP_VAL(sys_personality(PER_LINUX32), start,
		    "personality(PER_LINUX32) returns the old value");
	check_now(PER_LINUX32, "PER_LINUX32");
	compat = tst_kconfig_check("CONFIG_COMPAT");
	uname(&u);
	if (!strcmp(real.machine, "x86_64") && compat != 0)
		TST_EXP_EXPR(!strcmp(u.machine, "i686"), "uname() machine "
			     "under PER_LINUX32: '%s' (i686)", u.machine);
	else
		tst_res(TCONF, "machine '%s', CONFIG_COMPAT %d: no 32-bit "
			"uname machine to check", real.machine, compat);

	TST_EXP_VAL(sys_personality(PER_LINUX), PER_LINUX32,
		    "personality(PER_LINUX) returns PER_LINUX32");
	uname(&u);
	TST_EXP_EXPR(!strcmp(u.machine, real.machine),
		     "uname() machine back to '%s' ('%s')", u.machine,
		     real.machine);

	TST_EXP_VAL(sys_personality(PER_LINUX | ADDR_NO_RANDOMIZE), PER_LINUX,
		    "personality(ADDR_NO_RANDOMIZE) returns PER_LINUX");
	check_now(ADDR_NO_RANDOMIZE, "ADDR_NO_RANDOMIZE");
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_VAL(sys_personality(QUERY), ADDR_NO_RANDOMIZE,
			    "forked child inherits ADDR_NO_RANDOMIZE");
		exit(0);
	}
	reap_child(pid);

	TST_EXP_VAL(sys_personality(PER_LINUX | UNAME26), ADDR_NO_RANDOMIZE,
		    "personality(UNAME26) returns ADDR_NO_RANDOMIZE");
	uname(&u);
	uname26_release(real.release, want, sizeof(want));
	TST_EXP_EXPR(!strcmp(u.release, want), "uname() release under "
		     "UNAME26: '%s' ('%s', real '%s')", u.release, want,
		     real.release);
	sys_personality(PER_LINUX);
	uname(&u);
	TST_EXP_EXPR(!strcmp(u.release, real.release),
		     "uname() release back to '%s'", u.release);
}

static void run(void)
{
	unsigned long before = proc_personality();
	pid_t pid = SAFE_FORK();

	if (!pid) {
		child();
		exit(0);
	}
	reap_child(pid);
	TST_EXP_VAL(sys_personality(QUERY), before,
		    "the child's changes left the parent's personality");
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};
