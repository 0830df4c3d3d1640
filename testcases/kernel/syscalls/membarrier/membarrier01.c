// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * membarrier() commands (kernel/sched/membarrier.c):
 *
 * - MEMBARRIER_CMD_QUERY returns the supported commands: the private and
 *   global expedited ones with their registrations, and no bit of a
 *   command that does not exist.
 * - In a process that has not registered (a child of a test process that
 *   never does) with a second thread running, for each private expedited
 *   flavour the kernel lists (plain, SYNC_CORE, RSEQ): the command fails
 *   with EPERM; registering returns 0, registering again too; then the
 *   command returns 0. MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ with
 *   MEMBARRIER_CMD_FLAG_CPU returns 0 for CPU 0 and for a CPU that does
 *   not exist (nothing to do).
 * - MEMBARRIER_CMD_GLOBAL_EXPEDITED needs no registration of the caller;
 *   MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED returns 0; MEMBARRIER_CMD_GLOBAL
 *   (when listed) returns 0.
 * - MEMBARRIER_CMD_GET_REGISTRATIONS (6.3, when listed): 0 before any
 *   registration, then exactly the registration commands made.
 */
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include "membarrier_raw.h"
#include "task_wait.h"

static int mask;
static volatile int stop;

static const struct flavour {
	int cmd, reg;
	const char *name;
} flavours[] = {
	{MEMBARRIER_CMD_PRIVATE_EXPEDITED,
	 MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, "PRIVATE_EXPEDITED"},
	{MEMBARRIER_CMD_PRIVATE_EXPEDITED_SYNC_CORE,
	 MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE,
	 "PRIVATE_EXPEDITED_SYNC_CORE"},
	{MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ,
	 MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ,
	 "PRIVATE_EXPEDITED_RSEQ"},
};

static void *spin(void *arg)
{
	(void)arg;
	while (!stop)
		sched_yield();
	return NULL;
}

static void expect_registrations(int want)
{
	if (!(mask & MB_CMD_GET_REGISTRATIONS))
		return;
	TST_EXP_VAL(membarrier_raw(MB_CMD_GET_REGISTRATIONS, 0, 0), want,
		    "MEMBARRIER_CMD_GET_REGISTRATIONS");
}

static void in_child(void)
{
	pthread_t thr;
	int registered = 0;
	size_t i;

	if (pthread_create(&thr, NULL, spin, NULL))
		tst_brk(TBROK, "pthread_create()");

	expect_registrations(0);
	for (i = 0; i < sizeof(flavours) / sizeof(flavours[0]); i++) {
		const struct flavour *f = &flavours[i];

		if ((mask & (f->cmd | f->reg)) != (f->cmd | f->reg)) {
			tst_res(TCONF, "MEMBARRIER_CMD_%s not listed by "
				"MEMBARRIER_CMD_QUERY", f->name);
			continue;
		}
		TST_EXP_FAIL(membarrier_raw(f->cmd, 0, 0), EPERM,
			     "MEMBARRIER_CMD_%s before registering", f->name);
		TST_EXP_PASS(membarrier_raw(f->reg, 0, 0),
			     "MEMBARRIER_CMD_REGISTER_%s", f->name);
		TST_EXP_PASS(membarrier_raw(f->reg, 0, 0),
			     "MEMBARRIER_CMD_REGISTER_%s again", f->name);
		TST_EXP_PASS(membarrier_raw(f->cmd, 0, 0),
			     "MEMBARRIER_CMD_%s after registering", f->name);
		registered |= f->reg;
		expect_registrations(registered);
	}
	if (registered & MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ) {
		TST_EXP_PASS(membarrier_raw(
				MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ,
				MB_FLAG_CPU, 0),
			     "MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ, CPU 0");
		TST_EXP_PASS(membarrier_raw(
				MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ,
				MB_FLAG_CPU, INT_MAX),
			     "MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ, CPU INT_MAX");
	}

	TST_EXP_PASS(membarrier_raw(MEMBARRIER_CMD_GLOBAL_EXPEDITED, 0, 0),
		     "MEMBARRIER_CMD_GLOBAL_EXPEDITED, not registered");
	TST_EXP_PASS(membarrier_raw(MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED,
				    0, 0),
		     "MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED");
	registered |= MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED;
	expect_registrations(registered);
	TST_EXP_PASS(membarrier_raw(MEMBARRIER_CMD_GLOBAL_EXPEDITED, 0, 0),
		     "MEMBARRIER_CMD_GLOBAL_EXPEDITED, registered");
	if (mask & MEMBARRIER_CMD_GLOBAL)
		TST_EXP_PASS(membarrier_raw(MEMBARRIER_CMD_GLOBAL, 0, 0),
			     "MEMBARRIER_CMD_GLOBAL");
	else
		tst_res(TINFO, "MEMBARRIER_CMD_GLOBAL not listed (nohz_full)");

	stop = 1;
	pthread_join(thr, NULL);
}

static void run(void)
{
	const int needed = MEMBARRIER_CMD_PRIVATE_EXPEDITED |
		MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED |
		MEMBARRIER_CMD_GLOBAL_EXPEDITED |
		MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED;
	pid_t pid;

	TEST(membarrier_raw(MEMBARRIER_CMD_QUERY, 0, 0));
	if (TST_RET < 0) {
		tst_res(TFAIL | TTERRNO, "MEMBARRIER_CMD_QUERY");
		return;
	}
	mask = TST_RET;
	tst_res(TINFO, "MEMBARRIER_CMD_QUERY: 0x%x", mask);
	TST_EXP_EXPR((mask & needed) == needed,
		     "the expedited commands and registrations are listed");
	TST_EXP_EXPR(!(mask & ~MB_KNOWN_CMDS),
		     "no unknown command listed (0x%x)", mask & ~MB_KNOWN_CMDS);

	pid = SAFE_FORK();
	if (!pid) {
		in_child();
		exit(0);
	}
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};
