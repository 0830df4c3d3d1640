// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Checkpoints: a waiter registers itself and sleeps on a futex until a token
 * appears; a waker first waits until enough waiters have registered (so
 * "wake" also means "the other side reached its wait"), then hands out one
 * token per waiter. A token is never lost if it arrives before the sleep:
 * FUTEX_WAIT returns at once when the word is no longer 0.
 */
#include <limits.h>
#include <time.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include "tst_lib.h"

unsigned int tst_checkpoint_default_msec(void)
{
	return 10000 * tst_timeout_mul();
}

static long futex(int *uaddr, int op, int val, const struct timespec *ts)
{
	return syscall(SYS_futex, uaddr, op, val, ts, NULL, 0);
}

static int check_id(unsigned int id)
{
	if (id >= TST_CHECKPOINT_MAX) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

static long msec_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - start->tv_sec) * 1000 +
	       (now.tv_nsec - start->tv_nsec) / 1000000;
}

static int take_token(int *tokens)
{
	int val = __atomic_load_n(tokens, __ATOMIC_SEQ_CST);

	while (val > 0) {
		if (__atomic_compare_exchange_n(tokens, &val, val - 1, 0,
						__ATOMIC_SEQ_CST,
						__ATOMIC_SEQ_CST))
			return 1;
	}
	return 0;
}

int tst_checkpoint_wait(unsigned int id, unsigned int msec_timeout)
{
	int *tokens, *waiters;
	struct timespec start, ts;
	long left;

	if (check_id(id))
		return -1;
	if (!msec_timeout)
		msec_timeout = tst_checkpoint_default_msec();
	tokens = &tst_shared->checkpoint_tokens[id];
	waiters = &tst_shared->checkpoint_waiters[id];
	clock_gettime(CLOCK_MONOTONIC, &start);
	__atomic_fetch_add(waiters, 1, __ATOMIC_SEQ_CST);
	for (;;) {
		if (take_token(tokens))
			return 0;
		left = msec_timeout - msec_since(&start);
		if (left <= 0)
			break;
		ts.tv_sec = left / 1000;
		ts.tv_nsec = (left % 1000) * 1000000;
		futex(tokens, FUTEX_WAIT, 0, &ts);
	}
	/* Unregister unless a waker already counted us and left a token. */
	__atomic_fetch_sub(waiters, 1, __ATOMIC_SEQ_CST);
	errno = ETIMEDOUT;
	return -1;
}

int tst_checkpoint_wake(unsigned int id, unsigned int nr_wake,
			unsigned int msec_timeout)
{
	int *tokens, *waiters;
	struct timespec start;
	int val;

	if (check_id(id))
		return -1;
	if (!msec_timeout)
		msec_timeout = tst_checkpoint_default_msec();
	tokens = &tst_shared->checkpoint_tokens[id];
	waiters = &tst_shared->checkpoint_waiters[id];
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		val = __atomic_load_n(waiters, __ATOMIC_SEQ_CST);
		if (val >= (int)nr_wake &&
		    __atomic_compare_exchange_n(waiters, &val, val - nr_wake,
						0, __ATOMIC_SEQ_CST,
						__ATOMIC_SEQ_CST))
			break;
		if (msec_since(&start) >= msec_timeout) {
			errno = ETIMEDOUT;
			return -1;
		}
		usleep(1000);
	}
	__atomic_fetch_add(tokens, nr_wake, __ATOMIC_SEQ_CST);
	futex(tokens, FUTEX_WAKE, nr_wake, NULL);
	return 0;
}

void tst_safe_checkpoint_wait(const char *file, int line, unsigned int id,
			      unsigned int msec_timeout)
{
	if (!tst_self || !tst_self->needs_checkpoints)
		tst_brk_(file, line, TBROK, "checkpoints used without "
			 ".needs_checkpoints = 1");
	if (tst_checkpoint_wait(id, msec_timeout))
		tst_brk_(file, line, TBROK | TERRNO,
			 "checkpoint %u wait", id);
}

void tst_safe_checkpoint_wake(const char *file, int line, unsigned int id,
			      unsigned int nr_wake, unsigned int msec_timeout)
{
	if (!tst_self || !tst_self->needs_checkpoints)
		tst_brk_(file, line, TBROK, "checkpoints used without "
			 ".needs_checkpoints = 1");
	if (tst_checkpoint_wake(id, nr_wake, msec_timeout))
		tst_brk_(file, line, TBROK | TERRNO,
			 "checkpoint %u wake (%u waiter(s) never arrived)", id,
			 nr_wake);
}
