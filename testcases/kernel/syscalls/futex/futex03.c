// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * FUTEX_REQUEUE and FUTEX_CMP_REQUEUE move waiters from one futex to
 * another:
 * - four waiters on A; FUTEX_CMP_REQUEUE(A, wake 1, requeue 2, B, val3 =
 *   *A) returns 3 (woken plus requeued), one waiter ends; then
 *   FUTEX_WAKE(A) finds exactly the one not moved, FUTEX_WAKE(B) the two
 *   moved;
 * - FUTEX_REQUEUE does the same without the comparison (returns woken
 *   plus requeued);
 * - FUTEX_CMP_REQUEUE with val3 != *A is EAGAIN and moves nobody;
 * - a negative wake or requeue count is EINVAL.
 */
#include <limits.h>
#include "futex_helpers.h"

#define WAITERS 4

static uint32_t *words;

static void requeue(int cmp)
{
	int op = cmp ? FUTEX_CMP_REQUEUE : FUTEX_REQUEUE;
	const char *name = cmp ? "FUTEX_CMP_REQUEUE" : "FUTEX_REQUEUE";
	int i;

	words[0] = words[1] = 0;
	for (i = 0; i < WAITERS; i++)
		futex_waiter(&words[0], FUTEX_WAIT, NULL, 0, 0);

	if (cmp) {
		TST_EXP_FAIL(sys_futex_val2(&words[0], op, 1, 2, &words[1], 1),
			     EAGAIN, "%s(val3 1, *A 0)", name);
	}
	TST_EXP_VAL(sys_futex_val2(&words[0], op, 1, 2, &words[1], 0), 3,
		    "%s(A, wake 1, requeue 2, B)", name);
	reap_next();
	TST_EXP_VAL(sys_futex(&words[0], FUTEX_WAKE, INT_MAX, NULL, NULL, 0),
		    1, "FUTEX_WAKE(A) after the requeue");
	TST_EXP_VAL(sys_futex(&words[1], FUTEX_WAKE, INT_MAX, NULL, NULL, 0),
		    2, "FUTEX_WAKE(B) after the requeue");
	for (i = 0; i < WAITERS - 1; i++)
		reap_next();
}

static void cmp_requeue(void)
{
	requeue(1);
}

static void plain_requeue(void)
{
	requeue(0);
}

static void negative_counts(void)
{
	TST_EXP_FAIL(sys_futex_val2(&words[0], FUTEX_CMP_REQUEUE, -1, 1,
				    &words[1], words[0]), EINVAL,
		     "FUTEX_CMP_REQUEUE(wake -1)");
	TST_EXP_FAIL(sys_futex_val2(&words[0], FUTEX_CMP_REQUEUE, 1,
				    (unsigned long)-1, &words[1], words[0]),
		     EINVAL, "FUTEX_CMP_REQUEUE(requeue -1)");
}

static void (*const cases[])(void) = {
	cmp_requeue,
	plain_requeue,
	negative_counts,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	words = futex_shared(2 * sizeof(*words));
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
