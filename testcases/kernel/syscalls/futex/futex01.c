// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * FUTEX_WAIT and FUTEX_WAKE, alone:
 * - FUTEX_WAIT returns EAGAIN at once when the word does not hold val;
 * - FUTEX_WAIT with a 50 ms relative timeout returns ETIMEDOUT, not
 *   before 50 ms have passed (CLOCK_MONOTONIC);
 * - a waiter with no timeout, hit by a signal whose handler is installed
 *   without SA_RESTART, returns EINTR;
 * - FUTEX_WAKE with no waiter returns 0;
 * - a timeout with tv_nsec of 1e9 or a negative tv_sec is EINVAL, a word
 *   not 4-byte aligned is EINVAL, a word in unmapped memory EFAULT;
 * - an unknown operation is ENOSYS, and so is FUTEX_CLOCK_REALTIME with
 *   FUTEX_WAKE (it is only for the waiting operations).
 */
#include <signal.h>
#include "futex_helpers.h"
#include "proc_ids.h"

static uint32_t *word;

static void handler(int sig)
{
	(void)sig;
}

static void wait_mismatch_and_timeout(void)
{
	struct timespec to = { 0, 50000000 };
	double start, took;

	*word = 1;
	TST_EXP_FAIL(sys_futex(word, FUTEX_WAIT, 2, NULL, NULL, 0), EAGAIN,
		     "FUTEX_WAIT(word 1, val 2)");

	start = mono_now();
	TST_EXP_FAIL(sys_futex(word, FUTEX_WAIT, 1, &to, NULL, 0), ETIMEDOUT,
		     "FUTEX_WAIT(word 1, val 1, 50 ms)");
	took = mono_now() - start;
	TST_EXP_EXPR(took >= 0.05, "the wait took %.3f s (>= 0.050)", took);

	TST_EXP_VAL(sys_futex(word, FUTEX_WAKE, 1, NULL, NULL, 0), 0,
		    "FUTEX_WAKE with no waiter");
}

static void wait_interrupted(void)
{
	struct sigaction sa = { .sa_handler = handler };
	pid_t pid;

	*word = 0;
	pid = SAFE_FORK();
	if (!pid) {
		/* no SA_RESTART: the wait must end with EINTR */
		sigaction(SIGUSR1, &sa, NULL);
		TST_CHECKPOINT_WAKE(0);
		TST_EXP_FAIL(sys_futex(word, FUTEX_WAIT, 0, NULL, NULL, 0),
			     EINTR, "FUTEX_WAIT hit by a signal");
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	wait_asleep(pid);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
}

static void bad_arguments(void)
{
	struct timespec bad_nsec = { 0, 1000000000 }, bad_sec = { -1, 0 };
	void *unaligned = (char *)word + 1;

	*word = 0;
	TST_EXP_FAIL(sys_futex(word, FUTEX_WAIT, 0, &bad_nsec, NULL, 0),
		     EINVAL, "FUTEX_WAIT(tv_nsec 1e9)");
	TST_EXP_FAIL(sys_futex(word, FUTEX_WAIT, 0, &bad_sec, NULL, 0),
		     EINVAL, "FUTEX_WAIT(tv_sec -1)");
	TST_EXP_FAIL(sys_futex(unaligned, FUTEX_WAIT, 0, NULL, NULL, 0),
		     EINVAL, "FUTEX_WAIT(unaligned word)");
	TST_EXP_FAIL(sys_futex(unaligned, FUTEX_WAKE, 1, NULL, NULL, 0),
		     EINVAL, "FUTEX_WAKE(unaligned word)");
	TST_EXP_FAIL(sys_futex(unmapped_addr(), FUTEX_WAIT, 0, NULL, NULL, 0),
		     EFAULT, "FUTEX_WAIT(unmapped word)");

	/* raw syscall(): ENOSYS is the answer here, not a missing call */
	TST_EXP_FAIL(syscall(__NR_futex, word, 99, 0, NULL, NULL, 0), ENOSYS,
		     "futex(op 99)");
	TST_EXP_FAIL(syscall(__NR_futex, word,
			     FUTEX_WAKE | FUTEX_CLOCK_REALTIME, 1, NULL, NULL,
			     0), ENOSYS, "FUTEX_WAKE | FUTEX_CLOCK_REALTIME");
}

static void (*const cases[])(void) = {
	wait_mismatch_and_timeout,
	wait_interrupted,
	bad_arguments,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	word = futex_shared(sizeof(*word) * 2);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
