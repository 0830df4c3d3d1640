// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * FUTEX_WAIT_BITSET and FUTEX_WAKE_BITSET:
 * - two waiters with bitsets 0x1 and 0x2: FUTEX_WAKE_BITSET(0x2) returns
 *   1 and wakes the 0x2 waiter (it is the one that exits);
 *   FUTEX_WAKE_BITSET(0x4) wakes nobody; FUTEX_WAKE (all bits) wakes the
 *   0x1 waiter;
 * - a bitset of 0 is EINVAL for both operations;
 * - the timeout of FUTEX_WAIT_BITSET is absolute: CLOCK_MONOTONIC now +
 *   50 ms ends with ETIMEDOUT not before that time; with
 *   FUTEX_CLOCK_REALTIME it is measured on CLOCK_REALTIME; a time already
 *   past ends at once with ETIMEDOUT.
 */
#include "futex_helpers.h"

static uint32_t *word;

static void bitsets(void)
{
	pid_t one, two;

	*word = 0;
	one = futex_waiter(word, FUTEX_WAIT_BITSET, NULL, 0x1, 0);
	two = futex_waiter(word, FUTEX_WAIT_BITSET, NULL, 0x2, 0);

	TST_EXP_VAL(sys_futex(word, FUTEX_WAKE_BITSET, 10, NULL, NULL, 0x2), 1,
		    "FUTEX_WAKE_BITSET(0x2)");
	TST_EXP_VAL(reap_next(), two,
		    "the waiter that exited is the 0x2 one");
	TST_EXP_VAL(sys_futex(word, FUTEX_WAKE_BITSET, 10, NULL, NULL, 0x4), 0,
		    "FUTEX_WAKE_BITSET(0x4)");
	TST_EXP_VAL(sys_futex(word, FUTEX_WAKE, 10, NULL, NULL, 0), 1,
		    "FUTEX_WAKE (all bits)");
	reap_child(one);

	TST_EXP_FAIL(sys_futex(word, FUTEX_WAIT_BITSET, 0, NULL, NULL, 0),
		     EINVAL, "FUTEX_WAIT_BITSET(bitset 0)");
	TST_EXP_FAIL(sys_futex(word, FUTEX_WAKE_BITSET, 1, NULL, NULL, 0),
		     EINVAL, "FUTEX_WAKE_BITSET(bitset 0)");
}

static void absolute_timeout(clockid_t clk, int op, const char *name)
{
	struct timespec abs, now;
	double took;

	*word = 0;
	clock_gettime(clk, &abs);
	abs.tv_nsec += 50000000;
	if (abs.tv_nsec >= 1000000000) {
		abs.tv_nsec -= 1000000000;
		abs.tv_sec++;
	}
	TST_EXP_FAIL(sys_futex(word, op, 0, &abs, NULL, FUTEX_BITSET_MATCH_ANY),
		     ETIMEDOUT, "%s, absolute now + 50 ms", name);
	clock_gettime(clk, &now);
	took = (now.tv_sec - abs.tv_sec) + (now.tv_nsec - abs.tv_nsec) / 1e9;
	TST_EXP_EXPR(took >= 0, "woke %.3f s after the deadline (not before)",
		     took);

	clock_gettime(clk, &abs);
	abs.tv_sec -= 1;
	TST_EXP_FAIL(sys_futex(word, op, 0, &abs, NULL, FUTEX_BITSET_MATCH_ANY),
		     ETIMEDOUT, "%s, absolute time 1 s ago", name);
}

static void monotonic(void)
{
	absolute_timeout(CLOCK_MONOTONIC, FUTEX_WAIT_BITSET,
			 "FUTEX_WAIT_BITSET");
}

static void realtime(void)
{
	absolute_timeout(CLOCK_REALTIME,
			 FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME,
			 "FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME");
}

static void (*const cases[])(void) = {
	bitsets,
	monotonic,
	realtime,
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
