// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * .taint_check: the kernel's taint mask around a test process, read by
 * the harness (which runs no test code, so an oops that kills the test
 * process is still judged).
 */
#include <stdio.h>
#include <stdlib.h>
#include "tst_test.h"
#include "tst_lib.h"

/* LTP_TAINTED_FILE: a file read instead, for the library's self-tests */
static const char *tainted_path(void)
{
	const char *p = getenv("LTP_TAINTED_FILE");

	return p && *p ? p : "/proc/sys/kernel/tainted";
}

unsigned long tst_taint_read(void)
{
	unsigned long t;
	FILE *f = fopen(tainted_path(), "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "cannot open %s", tainted_path());
	if (fscanf(f, "%lu", &t) != 1) {
		fclose(f);
		tst_brk(TBROK, "cannot read %s", tainted_path());
	}
	fclose(f);
	return t;
}

void tst_taint_verdict(unsigned long before, unsigned long mask)
{
	unsigned long after = tst_taint_read();
	unsigned long gained = after & ~before & mask;

	if (gained)
		tst_res(TFAIL, "the kernel was tainted while the test ran: "
			"%#lx -> %#lx (new bits %#lx; see the kernel log)",
			before, after, gained);
	else
		tst_res(TINFO, "no new kernel taint of %#lx", mask);
}
