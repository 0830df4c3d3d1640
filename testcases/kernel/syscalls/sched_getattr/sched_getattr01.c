// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_getattr(2) and its size protocol:
 * - with size 48 (the first version) it fills 48 bytes, says 48 in
 *   attr->size and leaves the bytes after alone;
 * - with a whole page it fills as much as the kernel knows (at least 48)
 *   and says so in attr->size; the rest of the page is left alone (or,
 *   since Linux 6.13's copy_struct_to_user(), zeroed: never garbage);
 * - it reports another task's policy, nice value and
 *   SCHED_FLAG_RESET_ON_FORK (a child at SCHED_BATCH, nice 4, with the
 *   flag), and the caller's SCHED_OTHER at nice 0;
 * - a size below 48 or above a page, flags != 0, a NULL attr and a
 *   negative pid are EINVAL, a reaped pid ESRCH, an unmapped attr EFAULT.
 */
#include <sys/resource.h>
#include <sys/wait.h>
#include "sched_setparam.h"
#include "proc_ids.h"
#include "lapi/sched.h"
#define POISON 0xa5

static unsigned char page[8192];

/* accept_zero: Linux 6.13 zero-fills the tail of a bigger buffer */
static int untouched_from(size_t from, size_t to, int accept_zero)
{
	size_t i;

	for (i = from; i < to; i++)
		if (page[i] != POISON && !(accept_zero && page[i] == 0))
			return 0;
	return 1;
}

static void sizes(void)
{
	struct sched_attr *a = (struct sched_attr *)page;
	size_t psz = getpagesize();

	memset(page, POISON, sizeof(page));
	TST_EXP_PASS(sys_sched_getattr(0, a, SCHED_ATTR_SIZE_VER0, 0),
		     "sched_getattr(0, size %d)", SCHED_ATTR_SIZE_VER0);
	TST_EXP_EQ_LU(a->size, SCHED_ATTR_SIZE_VER0);
	TST_EXP_EXPR(a->sched_policy == SCHED_OTHER && a->sched_nice == 0 &&
		     a->sched_priority == 0 && a->sched_flags == 0,
		     "SCHED_OTHER, nice 0, priority 0, no flags");
	TST_EXP_EXPR(untouched_from(SCHED_ATTR_SIZE_VER0, psz, 0),
		     "nothing written after byte %d", SCHED_ATTR_SIZE_VER0);

	memset(page, POISON, sizeof(page));
	TST_EXP_PASS(sys_sched_getattr(0, a, psz, 0), "sched_getattr(0, page)");
	TST_EXP_EXPR(a->size >= SCHED_ATTR_SIZE_VER0 && a->size < psz &&
		     untouched_from(a->size, psz, 1), "the kernel filled %u "
		     "bytes and said so, the rest is untouched or zeroed",
		     a->size);
}

static void other_task(void)
{
	struct sched_attr a;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		struct sched_param p = { 0 };

		if (setpriority(PRIO_PROCESS, 0, 4) ||
		    sched_setscheduler(0, SCHED_BATCH | 0x40000000, &p))
			tst_brk(TBROK | TERRNO, "child set-up");
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	memset(&a, 0, sizeof(a));
	TST_EXP_PASS(sys_sched_getattr(pid, &a, sizeof(a), 0),
		     "sched_getattr(child)");
	TST_EXP_EXPR(a.sched_policy == SCHED_BATCH && a.sched_nice == 4 &&
		     a.sched_flags == SCHED_FLAG_RESET_ON_FORK,
		     "child: policy %u nice %d flags %#llx (expected %d, 4, "
		     "%#x)", a.sched_policy, a.sched_nice,
		     (unsigned long long)a.sched_flags, SCHED_BATCH,
		     SCHED_FLAG_RESET_ON_FORK);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);

	TST_EXP_FAIL(sys_sched_getattr(pid, &a, sizeof(a), 0), ESRCH,
		     "sched_getattr(reaped pid %d)", (int)pid);
}

static void bad_arguments(void)
{
	struct sched_attr *a = (struct sched_attr *)page;
	unsigned int psz = getpagesize();

	TST_EXP_FAIL(sys_sched_getattr(0, a, SCHED_ATTR_SIZE_VER0 - 1, 0),
		     EINVAL, "sched_getattr(size %d)", SCHED_ATTR_SIZE_VER0 - 1);
	TST_EXP_FAIL(sys_sched_getattr(0, a, psz + 1, 0), EINVAL,
		     "sched_getattr(size page + 1)");
	TST_EXP_FAIL(sys_sched_getattr(0, a, sizeof(*a), 1), EINVAL,
		     "sched_getattr(flags 1)");
	TST_EXP_FAIL(sys_sched_getattr(0, NULL, sizeof(*a), 0), EINVAL,
		     "sched_getattr(NULL)");
	TST_EXP_FAIL(sys_sched_getattr(-1, a, sizeof(*a), 0), EINVAL,
		     "sched_getattr(pid -1)");
	TST_EXP_FAIL(sys_sched_getattr(0, unmapped_addr(), sizeof(*a), 0),
		     EFAULT, "sched_getattr(unmapped)");
}

static void (*const cases[])(void) = {
	sizes,
	other_task,
	bad_arguments,
};

static void run(unsigned int n)
{
	cases[n]();
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
