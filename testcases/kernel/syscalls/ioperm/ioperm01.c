// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ioperm() on x86-64: a process has no port access at first (inb from
 * port 0x80 raises SIGSEGV); after ioperm(0x80, 1, 1) as root inb from
 * 0x80 works, but not from 0x81; a child forked after it inherits the
 * access; ioperm(0x80, 1, 0) takes it away again. Errors: EINVAL for
 * from + num beyond 65536 and for num 0 (from + num <= from), EPERM as
 * nobody for turning access on, while turning it off is allowed.
 * Every probe runs in its own child; TCONF under kernel lockdown.
 */
#include "port_io.h"
#include "as_nobody.h"

static long sys_ioperm(unsigned long from, unsigned long num, int on)
{
	return syscall(__NR_ioperm, from, num, on);
}

static void grant(void)
{
	if (sys_ioperm(0x80, 1, 1))
		tst_brk(TBROK | TERRNO, "ioperm(0x80, 1, 1)");
}

static void grant_then_fork(void)
{
	grant();
	if (!port_readable(0x80, NULL))
		_exit(PORT_GP_EXIT);
}

static void grant_then_revoke(void)
{
	grant();
	if (sys_ioperm(0x80, 1, 0))
		tst_brk(TBROK | TERRNO, "ioperm(0x80, 1, 0)");
}

static void as_nobody(void)
{
	TST_EXP_FAIL(sys_ioperm(0x80, 1, 1), EPERM,
		     "ioperm(0x80, 1, 1) as nobody");
	TST_EXP_PASS(sys_ioperm(0x80, 1, 0), "ioperm(0x80, 1, 0) as nobody");
}

static void run(void)
{
	TST_EXP_EXPR(!port_readable(0x80, NULL),
		     "inb from port 0x80 faults without ioperm()");
	TST_EXP_EXPR(port_readable(0x80, grant),
		     "inb from port 0x80 works after ioperm(0x80, 1, 1)");
	TST_EXP_EXPR(!port_readable(0x81, grant),
		     "inb from port 0x81 faults after ioperm(0x80, 1, 1)");
	TST_EXP_EXPR(port_readable(0x80, grant_then_fork),
		     "a forked child inherits the access to port 0x80");
	TST_EXP_EXPR(!port_readable(0x80, grant_then_revoke),
		     "inb from port 0x80 faults after ioperm(0x80, 1, 0)");

	TST_EXP_FAIL(sys_ioperm(65535, 2, 1), EINVAL,
		     "ioperm(65535, 2, 1) beyond 65536 ports");
	TST_EXP_FAIL(sys_ioperm(0x80, 0, 1), EINVAL, "ioperm(0x80, 0, 1)");
	TST_EXP_PASS(sys_ioperm(65535, 1, 0), "ioperm(65535, 1, 0), last port");
	run_in_nobody_child(as_nobody, "EPERM checks");
}

static void setup(void)
{
	TEST(sys_ioperm(0x80, 1, 0));
	if (TST_RET == -1 && TST_ERR == ENOSYS)
		tst_brk(TCONF, "ioperm() is ENOSYS: kernel without "
			"CONFIG_X86_IOPL_IOPERM");
	check_lockdown();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
