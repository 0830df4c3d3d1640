// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nice(2) adds to the nice value and returns the new one (on x86_64 there
 * is no nice system call: the C library builds it from getpriority() and
 * setpriority(), the calls the kernel really offers):
 * - nice(3) from 0 returns 3, and /proc/PID/stat and getpriority() agree;
 *   nice(0) returns the current value;
 * - the value is clamped: +100 gives 19, and -100 (root) gives -20;
 * - nobody may raise its nice value (nice(1)) but not lower it: nice(-1)
 *   is -1 with EPERM and the value stays.
 */
#include <sys/wait.h>
#include "prio_helpers.h"

static void check_nice(int want)
{
	errno = 0;
	TST_EXP_EXPR(getpriority(PRIO_PROCESS, 0) == want && !errno &&
		     proc_nice(0) == want, "getpriority() and /proc say nice "
		     "%d", want);
}

static void nice_ok(int inc, int want)
{
	errno = 0;
	TEST(nice(inc));
	if (TST_RET == want && !TST_ERR)
		tst_res(TPASS, "nice(%d) returned %d", inc, want);
	else
		tst_res(TFAIL | TTERRNO, "nice(%d) returned %ld, expected %d",
			inc, TST_RET, want);
	check_nice(want);
}

static void as_root(void)
{
	nice_ok(3, 3);
	nice_ok(0, 3);
	nice_ok(100, 19);
	nice_ok(-100, -20);
	nice_ok(20, 0);
}

static void as_nobody(void)
{
	tst_drop_privs();
	nice_ok(1, 1);
	TST_EXP_FAIL(nice(-1), EPERM, "nobody: nice(-1)");
	check_nice(1);
}

static void (*const cases[])(void) = {
	as_root,
	as_nobody,
};

static void run(unsigned int n)
{
	if (!SAFE_FORK()) {
		cases[n]();
		exit(0);
	}
	tst_reap_children();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.needs_root = 1,
	.forks_child = 1,
};
