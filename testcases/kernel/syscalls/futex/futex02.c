// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * FUTEX_WAKE wakes at most the number asked for, and only waiters of the
 * same futex key:
 * - with four processes asleep on a shared word, FUTEX_WAKE(1) returns 1
 *   and exactly one of them ends, FUTEX_WAKE(2) returns 2, and
 *   FUTEX_WAKE(INT_MAX) returns the last one;
 * - a private futex is keyed by the address space: FUTEX_WAKE_PRIVATE
 *   from the parent does not wake a child asleep in FUTEX_WAIT_PRIVATE on
 *   the same shared word (returns 0), nor does a shared FUTEX_WAKE; the
 *   child wakes itself out of it with a timeout instead. A shared waiter
 *   is woken by a shared FUTEX_WAKE from another process.
 */
#include <limits.h>
#include "futex_helpers.h"

#define WAITERS 4

static uint32_t *word;

static void wake_counts(void)
{
	pid_t pids[WAITERS];
	int i, left = WAITERS, gone;

	*word = 0;
	for (i = 0; i < WAITERS; i++)
		pids[i] = futex_waiter(word, FUTEX_WAIT, NULL, 0, 0);

	TST_EXP_VAL(sys_futex(word, FUTEX_WAKE, 1, NULL, NULL, 0), 1,
		    "FUTEX_WAKE(1) with %d waiters", left);
	left--;
	TST_EXP_VAL(sys_futex(word, FUTEX_WAKE, 2, NULL, NULL, 0), 2,
		    "FUTEX_WAKE(2) with %d waiters", left);
	left -= 2;

	/* the one still asleep must not have been woken */
	for (gone = 0; gone < WAITERS - left;)
		if (waitpid(-1, NULL, 0) > 0)
			gone++;
	TST_EXP_EQ_LI(reap_exited(), 0);

	TST_EXP_VAL(sys_futex(word, FUTEX_WAKE, INT_MAX, NULL, NULL, 0), left,
		    "FUTEX_WAKE(INT_MAX) with %d waiter", left);
	for (i = 0; i < WAITERS; i++)
		waitpid(pids[i], NULL, 0);
}

static void private_is_per_mm(void)
{
	/*
	 * Asleep for 500 ms (times LTP_TIMEOUT_MUL) at most: nothing from
	 * here may wake it. futex_waiter() must see it asleep before the
	 * timeout ends it, and a slow or loaded machine may keep the parent
	 * off the CPU for a good part of that: the window is scaled.
	 */
	long long to_ns = 500000000LL * tst_timeout_mul();
	struct timespec to = { to_ns / 1000000000, to_ns % 1000000000 };
	pid_t pid;

	*word = 0;
	pid = futex_waiter(word, FUTEX_WAIT_PRIVATE, &to, 0, ETIMEDOUT);
	TST_EXP_VAL(sys_futex(word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0), 0,
		    "FUTEX_WAKE_PRIVATE from another process");
	TST_EXP_VAL(sys_futex(word, FUTEX_WAKE, 1, NULL, NULL, 0), 0,
		    "shared FUTEX_WAKE of a private waiter");
	reap_child(pid);

	pid = futex_waiter(word, FUTEX_WAIT, NULL, 0, 0);
	TST_EXP_VAL(sys_futex(word, FUTEX_WAKE, 1, NULL, NULL, 0), 1,
		    "shared FUTEX_WAKE of a shared waiter in another process");
	reap_child(pid);
}

static void (*const cases[])(void) = {
	wake_counts,
	private_is_per_mm,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	word = futex_shared(sizeof(*word));
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
