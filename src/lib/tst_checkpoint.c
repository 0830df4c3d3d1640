// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Checkpoints: a waiter sleeps in FUTEX_WAIT on a word that stays 0; a waker
 * calls FUTEX_WAKE until the kernel reports that it woke enough sleepers.
 * So "wake" also means "the other side reached its wait", and a process
 * that wakes and then waits on the same id cannot consume its own wake-up.
 */
#include <limits.h>
#include <time.h>
#include <sys/wait.h>
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

static int *checkpoint_word(unsigned int id)
{
	if (id >= TST_CHECKPOINT_MAX) {
		errno = EINVAL;
		return NULL;
	}
	return &tst_shared->checkpoints[id];
}

static long msec_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - start->tv_sec) * 1000 +
	       (now.tv_nsec - start->tv_nsec) / 1000000;
}

int tst_checkpoint_wait(unsigned int id, unsigned int msec_timeout)
{
	int *word = checkpoint_word(id);
	struct timespec start, ts;
	long left;

	if (!word)
		return -1;
	if (!msec_timeout)
		msec_timeout = tst_checkpoint_default_msec();
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		left = msec_timeout - msec_since(&start);
		if (left <= 0) {
			errno = ETIMEDOUT;
			return -1;
		}
		ts.tv_sec = left / 1000;
		ts.tv_nsec = (left % 1000) * 1000000;
		if (!futex(word, FUTEX_WAIT, 0, &ts))
			return 0;
		if (errno != EINTR && errno != EAGAIN)
			return -1;
	}
}

int tst_checkpoint_wake(unsigned int id, unsigned int nr_wake,
			unsigned int msec_timeout)
{
	int *word = checkpoint_word(id);
	struct timespec start;
	unsigned int woken = 0;
	long ret;

	if (!word)
		return -1;
	if (!msec_timeout)
		msec_timeout = tst_checkpoint_default_msec();
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		ret = futex(word, FUTEX_WAKE, nr_wake - woken, NULL);
		if (ret < 0)
			return -1;
		woken += ret;
		if (woken >= nr_wake)
			return 0;
		if (msec_since(&start) >= msec_timeout) {
			errno = ETIMEDOUT;
			return -1;
		}
		usleep(1000);
	}
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

void tst_safe_checkpoint_wait_pid(const char *file, int line, unsigned int id,
				  unsigned int msec_timeout, pid_t pid)
{
	struct timespec start;
	long left;
	int status;

	if (!tst_self || !tst_self->needs_checkpoints)
		tst_brk_(file, line, TBROK, "checkpoints used without "
			 ".needs_checkpoints = 1");
	if (!msec_timeout)
		msec_timeout = tst_checkpoint_default_msec();
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		left = msec_timeout - msec_since(&start);
		if (left <= 0) {
			errno = ETIMEDOUT;
			tst_brk_(file, line, TBROK | TERRNO,
				 "checkpoint %u wait", id);
		}
		/* slices: a waker retries FUTEX_WAKE until we are back */
		if (!tst_checkpoint_wait(id, left < 1000 ? left : 1000))
			return;
		if (errno != ETIMEDOUT)
			tst_brk_(file, line, TBROK | TERRNO,
				 "checkpoint %u wait", id);
		if (waitpid(pid, &status, WNOHANG) != pid)
			continue;
		if (WIFSIGNALED(status))
			tst_brk_(file, line, TBROK, "checkpoint %u: process %d "
				 "was killed by %s before it woke us", id,
				 (int)pid, tst_strsig(WTERMSIG(status)));
		tst_brk_(file, line, TBROK, "checkpoint %u: process %d exited "
			 "with %d before it woke us", id, (int)pid,
			 WEXITSTATUS(status));
	}
}
