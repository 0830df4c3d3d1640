// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack() errors: ENOMEM for a stack smaller than the kernel's
 * minimum (MINSIGSTKSZ, 2048 bytes on x86), EINVAL for flags other than
 * 0, SS_ONSTACK, SS_DISABLE and SS_AUTODISARM, EFAULT for an unmapped new
 * or old stack_t. A failed call leaves the current stack as it was.
 */
#include <signal.h>
#include "tst_test.h"

#define KERNEL_MINSIGSTKSZ	2048

static char stack_mem[64 * 1024];
static void *bad_addr;

static void run(void)
{
	stack_t good = {.ss_sp = stack_mem, .ss_size = sizeof(stack_mem)};
	stack_t small = {.ss_sp = stack_mem, .ss_size = KERNEL_MINSIGSTKSZ - 1};
	stack_t bad_flags = good, cur, off = {.ss_flags = SS_DISABLE};

	if (sigaltstack(&good, NULL))
		tst_brk(TBROK | TERRNO, "sigaltstack(64 KiB)");
	TST_EXP_FAIL(sigaltstack(&small, NULL), ENOMEM,
		     "sigaltstack() of %d bytes", KERNEL_MINSIGSTKSZ - 1);
	bad_flags.ss_flags = 0x1234;
	TST_EXP_FAIL(sigaltstack(&bad_flags, NULL), EINVAL,
		     "sigaltstack() with flags 0x1234");
	bad_flags.ss_flags = SS_DISABLE | SS_ONSTACK;
	TST_EXP_FAIL(sigaltstack(&bad_flags, NULL), EINVAL,
		     "sigaltstack() with SS_DISABLE | SS_ONSTACK");
	TST_EXP_FAIL(sigaltstack(bad_addr, NULL), EFAULT,
		     "sigaltstack() with an unmapped stack_t");
	TST_EXP_FAIL(sigaltstack(NULL, bad_addr), EFAULT,
		     "sigaltstack() with an unmapped old stack_t");
	sigaltstack(NULL, &cur);
	TST_EXP_EXPR(cur.ss_sp == stack_mem && cur.ss_size == sizeof(stack_mem),
		     "the failed calls left the stack set before");
	TST_EXP_PASS(sigaltstack(&off, NULL), "sigaltstack(SS_DISABLE) "
		     "ignores the size");
}

static void setup(void)
{
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
};
