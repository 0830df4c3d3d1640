// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * iopl() on x86-64 (emulated since 5.5: level 3 grants all I/O ports
 * through the I/O bitmap): without it inb from port 0x80 raises SIGSEGV;
 * after iopl(3) as root inb works (from 0x80 and 0x3ff); after iopl(3)
 * then iopl(0) it faults again. Errors: EINVAL for level 4, EPERM as nobody
 * for raising the level (1 or 3), while iopl(0) at level 0 succeeds.
 * Every probe runs in its own child; TCONF under kernel lockdown.
 */
#include "port_io.h"
#include "as_nobody.h"

static long sys_iopl(unsigned int level)
{
	return syscall(__NR_iopl, level);
}

static void raise3(void)
{
	if (sys_iopl(3))
		tst_brk(TBROK | TERRNO, "iopl(3)");
}

static void raise3_lower0(void)
{
	raise3();
	if (sys_iopl(0))
		tst_brk(TBROK | TERRNO, "iopl(0)");
}

static void as_nobody(void)
{
	TST_EXP_FAIL(sys_iopl(1), EPERM, "iopl(1) as nobody");
	TST_EXP_FAIL(sys_iopl(3), EPERM, "iopl(3) as nobody");
	TST_EXP_PASS(sys_iopl(0), "iopl(0) as nobody");
}

static void run(void)
{
	TST_EXP_EXPR(!port_readable(0x80, NULL),
		     "inb from port 0x80 faults at I/O level 0");
	TST_EXP_EXPR(port_readable(0x80, raise3),
		     "inb from port 0x80 works after iopl(3)");
	TST_EXP_EXPR(port_readable(0x3ff, raise3),
		     "inb from port 0x3ff works after iopl(3)");
	TST_EXP_EXPR(!port_readable(0x80, raise3_lower0),
		     "inb from port 0x80 faults after iopl(3), iopl(0)");

	TST_EXP_FAIL(sys_iopl(4), EINVAL, "iopl(4)");
	TST_EXP_PASS(sys_iopl(0), "iopl(0) at level 0");
	run_in_nobody_child(as_nobody, "EPERM checks");
}

static void setup(void)
{
	TEST(sys_iopl(0));
	if (TST_RET == -1 && TST_ERR == ENOSYS)
		tst_brk(TCONF, "iopl() is ENOSYS: kernel without "
			"CONFIG_X86_IOPL_IOPERM");
	check_lockdown();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
