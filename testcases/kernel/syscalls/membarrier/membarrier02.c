// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * membarrier() argument errors, all EINVAL (kernel/sched/membarrier.c
 * SYSCALL_DEFINE3(membarrier)):
 *
 * - a command no kernel has (1 << 20, -1), and two commands at once;
 * - flags on MEMBARRIER_CMD_QUERY and on MEMBARRIER_CMD_PRIVATE_EXPEDITED
 *   (MEMBARRIER_CMD_FLAG_CPU is only for the RSEQ command), and a flag
 *   other than MEMBARRIER_CMD_FLAG_CPU on MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ;
 * - MEMBARRIER_CMD_GET_REGISTRATIONS where MEMBARRIER_CMD_QUERY does not
 *   list it (before 6.3) is an unknown command.
 * The process never registers, so no error here can come from a missing
 * registration instead.
 */
#include "membarrier_raw.h"

static void run(void)
{
	long mask = membarrier_raw(MEMBARRIER_CMD_QUERY, 0, 0);

	if (mask < 0)
		tst_brk(TBROK | TERRNO, "MEMBARRIER_CMD_QUERY");

	TST_EXP_FAIL(membarrier_raw(1 << 20, 0, 0), EINVAL,
		     "membarrier(cmd 1 << 20)");
	TST_EXP_FAIL(membarrier_raw(-1, 0, 0), EINVAL, "membarrier(cmd -1)");
	TST_EXP_FAIL(membarrier_raw(MEMBARRIER_CMD_GLOBAL_EXPEDITED |
				    MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED,
				    0, 0), EINVAL,
		     "membarrier(two commands at once)");
	TST_EXP_FAIL(membarrier_raw(MEMBARRIER_CMD_QUERY, 1, 0), EINVAL,
		     "membarrier(MEMBARRIER_CMD_QUERY, flags 1)");
	TST_EXP_FAIL(membarrier_raw(MEMBARRIER_CMD_PRIVATE_EXPEDITED,
				    MB_FLAG_CPU, 0), EINVAL,
		     "membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED, "
		     "MEMBARRIER_CMD_FLAG_CPU)");
	TST_EXP_FAIL(membarrier_raw(MEMBARRIER_CMD_GLOBAL_EXPEDITED, 1 << 1,
				    0), EINVAL,
		     "membarrier(MEMBARRIER_CMD_GLOBAL_EXPEDITED, flags 2)");
	TST_EXP_FAIL(membarrier_raw(MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ,
				    1 << 1, 0), EINVAL,
		     "membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ, "
		     "flags 2)");
	if (!(mask & MB_CMD_GET_REGISTRATIONS))
		TST_EXP_FAIL(membarrier_raw(MB_CMD_GET_REGISTRATIONS, 0, 0),
			     EINVAL, "membarrier(MEMBARRIER_CMD_GET_REGISTRATIONS)"
			     " not listed by MEMBARRIER_CMD_QUERY");
	else
		TST_EXP_FAIL(membarrier_raw(MB_CMD_GET_REGISTRATIONS, 1, 0),
			     EINVAL, "membarrier(MEMBARRIER_CMD_GET_REGISTRATIONS"
			     ", flags 1)");
}

static struct tst_test test = {
	.test_all = run,
};
