// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Priority-inheritance futexes: the word holds the owner's TID.
 * - FUTEX_LOCK_PI on 0 makes the caller the owner (the word becomes its
 *   TID); locking it again is EDEADLK;
 * - FUTEX_TRYLOCK_PI by another process while it is held is EAGAIN
 *   (EWOULDBLOCK), and FUTEX_UNLOCK_PI by a non-owner is EPERM;
 * - a second locker blocks, the kernel sets FUTEX_WAITERS in the word,
 *   and FUTEX_UNLOCK_PI by the owner hands the lock to it: the word holds
 *   the new owner's TID, and it then unlocks to 0;
 * - FUTEX_LOCK_PI on a word naming a TID that does not exist is ESRCH;
 *   FUTEX_UNLOCK_PI of a free word (0) is EPERM.
 */
#include "futex_helpers.h"

static uint32_t *word;

static void lock_pi_basics(void)
{
	uint32_t me = gettid();
	pid_t pid;

	*word = 0;
	TST_EXP_PASS(sys_futex(word, FUTEX_LOCK_PI, 0, NULL, NULL, 0),
		     "FUTEX_LOCK_PI on a free word");
	TST_EXP_EQ_LU(*word, me);
	TST_EXP_FAIL(sys_futex(word, FUTEX_LOCK_PI, 0, NULL, NULL, 0), EDEADLK,
		     "FUTEX_LOCK_PI by the owner");

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_FAIL(sys_futex(word, FUTEX_TRYLOCK_PI, 0, NULL, NULL, 0),
			     EAGAIN, "FUTEX_TRYLOCK_PI of a held lock");
		TST_EXP_FAIL(sys_futex(word, FUTEX_UNLOCK_PI, 0, NULL, NULL, 0),
			     EPERM, "FUTEX_UNLOCK_PI by a non-owner");
		exit(0);
	}
	reap_child(pid);

	TST_EXP_PASS(sys_futex(word, FUTEX_UNLOCK_PI, 0, NULL, NULL, 0),
		     "FUTEX_UNLOCK_PI by the owner");
	TST_EXP_EQ_LU(*word, 0);
}

static void handoff(void)
{
	struct timespec tick = { 0, 1000000 };
	unsigned int i;
	pid_t pid;

	*word = 0;
	if (sys_futex(word, FUTEX_LOCK_PI, 0, NULL, NULL, 0))
		tst_brk(TBROK | TERRNO, "FUTEX_LOCK_PI");

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_PASS(sys_futex(word, FUTEX_LOCK_PI, 0, NULL, NULL, 0),
			     "child: FUTEX_LOCK_PI blocks, then gets the lock");
		TST_EXP_EQ_LU(*word & FUTEX_TID_MASK, gettid());
		TST_EXP_PASS(sys_futex(word, FUTEX_UNLOCK_PI, 0, NULL, NULL, 0),
			     "child: FUTEX_UNLOCK_PI");
		exit(0);
	}

	/* the kernel marks the word once the child is queued */
	for (i = 0; i < tst_remaining_runtime() * 1000; i++) {
		if (*word & FUTEX_WAITERS)
			break;
		nanosleep(&tick, NULL);
	}
	TST_EXP_EXPR(*word & FUTEX_WAITERS, "FUTEX_WAITERS set in %#x with a "
		     "blocked locker", *word);
	TST_EXP_PASS(sys_futex(word, FUTEX_UNLOCK_PI, 0, NULL, NULL, 0),
		     "FUTEX_UNLOCK_PI with a waiter");
	reap_child(pid);
	TST_EXP_EQ_LU(*word, 0);
}

static void bad_owner(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		exit(0);
	reap_child(pid);

	*word = pid;
	TST_EXP_FAIL(sys_futex(word, FUTEX_LOCK_PI, 0, NULL, NULL, 0), ESRCH,
		     "FUTEX_LOCK_PI on a word owned by reaped TID %d", (int)pid);
	*word = 0;
	TST_EXP_FAIL(sys_futex(word, FUTEX_UNLOCK_PI, 0, NULL, NULL, 0), EPERM,
		     "FUTEX_UNLOCK_PI of a free word");
}

static void (*const cases[])(void) = {
	lock_pi_basics,
	handoff,
	bad_owner,
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
};
