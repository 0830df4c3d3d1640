// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A SCHED_FIFO task that becomes runnable preempts a lower-priority
 * SCHED_FIFO task on its CPU at once, and keeps it off the CPU while it
 * stays runnable.
 *
 * Both tasks are pinned to one CPU: a spinner at priority 10 counting in
 * shared memory, and a task at priority 20. Checked by ordering, never by
 * timing:
 *  - wakeup: the spinner wakes the high-priority task through a pipe and
 *    then sets a flag; the woken task must find the flag still clear (the
 *    waker never ran again before it), 200 times;
 *  - timer: the high-priority task sleeps 1 ms, and once awake it spins
 *    while the spinner's counter must not move; the counter must move
 *    across its sleeps (the spinner does run while it sleeps), 100 times.
 * RT throttling stops both tasks alike and does not change their order.
 */
#include <signal.h>
#include <sys/wait.h>
#include "sched_common.h"

#define LOW_PRIO	10
#define HIGH_PRIO	20
#define WAKE_ROUNDS	200
#define TIMER_ROUNDS	100
#define LOW_SPIN	100000UL	/* low's increments between wakeups */
#define HIGH_SPIN	200000UL	/* high's busy loop once awake */

struct shared {
	volatile unsigned long low_count;
	volatile int woke_then_ran;
	volatile int stop;
	volatile int low_ready;
	volatile int high_ready;
};

static struct shared *sh;
static int pipefd[2];

static void busy(unsigned long n)
{
	volatile unsigned long i;

	for (i = 0; i < n; i++)
		;
}

static void low_task(int wake)
{
	unsigned long round = 0;

	SAFE_CLOSE(pipefd[0]);
	pin_to(test_cpu);
	set_fifo(LOW_PRIO);
	sh->low_ready = 1;
	while (!sh->stop) {
		sh->low_count++;
		/* high_ready: the first wakeup finds it blocked in read() */
		if (!wake || !sh->high_ready || sh->low_count % LOW_SPIN)
			continue;
		round++;
		sh->woke_then_ran = 0;
		if (write(pipefd[1], &round, sizeof(round)) != sizeof(round))
			break;	/* the reader is gone: it reported why */
		sh->woke_then_ran = 1;
	}
	exit(0);
}

static void high_wake(void)
{
	unsigned long round, got, bad = 0;
	ssize_t ret;

	for (round = 1; round <= WAKE_ROUNDS; round++) {
		ret = read(pipefd[0], &got, sizeof(got));
		if (ret != sizeof(got))
			tst_brk(TBROK | TERRNO, "read() of round %lu returned"
				" %zd", round, ret);
		if (sh->woke_then_ran && !bad++)
			tst_res(TFAIL, "round %lu: the priority %d task ran "
				"on after waking the priority %d task",
				round, LOW_PRIO, HIGH_PRIO);
	}
	if (!bad)
		tst_res(TPASS, "%d wakeups by a lower-priority FIFO task: the "
			"woken task ran first every time", WAKE_ROUNDS);
	else
		tst_res(TFAIL, "the waker ran first in %lu of %d wakeups", bad,
			WAKE_ROUNDS);
}

static void high_timer(void)
{
	struct timespec ts = { 0, 1000000 };
	unsigned long round, snap, bad = 0, advanced = 0, before;

	wait_flag(&sh->low_ready, 1);
	before = sh->low_count;
	for (round = 1; round <= TIMER_ROUNDS; round++) {
		nanosleep(&ts, NULL);
		snap = sh->low_count;
		if (snap != before)
			advanced++;
		busy(HIGH_SPIN);
		before = sh->low_count;
		if (before != snap && !bad++)
			tst_res(TFAIL, "round %lu: the priority %d spinner "
				"counted %lu while the priority %d task was "
				"running", round, LOW_PRIO, before - snap,
				HIGH_PRIO);
	}
	if (!advanced)
		tst_res(TFAIL, "the priority %d spinner never ran while the "
			"priority %d task slept", LOW_PRIO, HIGH_PRIO);
	if (!bad)
		tst_res(TPASS, "%d timer wakeups: the lower-priority spinner "
			"stood still while the woken task ran (and ran in %lu "
			"of its sleeps)", TIMER_ROUNDS, advanced);
}

static void run_case(int wake)
{
	pid_t low, high;

	memset(sh, 0, sizeof(*sh));
	SAFE_PIPE(pipefd);
	low = SAFE_FORK();
	if (!low)
		low_task(wake);
	high = SAFE_FORK();
	if (!high) {
		SAFE_CLOSE(pipefd[1]);
		fifo_on_test_cpu(HIGH_PRIO);
		sh->high_ready = 1;
		if (wake)
			high_wake();
		else
			high_timer();
		sh->stop = 1;
		exit(0);
	}
	SAFE_CLOSE(pipefd[0]);
	SAFE_CLOSE(pipefd[1]);
	reap_child(high);
	/* the spinner could not see stop while throttled: it ends anyway */
	sh->stop = 1;
	reap_child(low);
}

static void run(unsigned int n)
{
	run_case(!n);
}

static void setup(void)
{
	pick_test_cpu();
	rt_runtime_share_pct();
	sh = shared_alloc(sizeof(*sh));
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.exclusive = 1,
	.timeout = 60,
};
