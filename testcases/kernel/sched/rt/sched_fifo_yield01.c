// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_yield() of a SCHED_FIFO task hands the CPU to the next runnable
 * task of the same priority, and to no lower-priority one.
 *
 * All tasks are pinned to one CPU.
 *  - Two FIFO tasks of priority 10 count and yield 20000 times each:
 *    after every yield() the other task's counter must have moved (it was
 *    at the head of the queue, sched_yield(2)), while it has not finished.
 *  - A FIFO task of priority 10 yields 20000 times next to a running FIFO
 *    spinner of priority 9: the spinner's counter must not move at all.
 * Ordering by shared counters only, no timing; RT throttling stops all of
 * them alike and keeps their order.
 */
#include <sys/wait.h>
#include "sched_common.h"

#define PRIO		10
#define YIELDS		20000UL

struct shared {
	volatile unsigned long count[2];
	volatile int done[2];
	volatile int ready;
	volatile int go;
	volatile int stop;
};

static struct shared *sh;

static void peer(int i)
{
	unsigned long k, seen, missed = 0, first_miss = 0;

	fifo_on_test_cpu(PRIO);
	__atomic_add_fetch(&sh->ready, 1, __ATOMIC_SEQ_CST);
	while (!sh->go)
		sched_yield();
	for (k = 1; k <= YIELDS; k++) {
		sh->count[i] = k;
		seen = sh->count[!i];
		if (sched_yield())
			tst_brk(TBROK | TERRNO, "sched_yield()");
		if (sh->count[!i] == seen && !sh->done[!i] && !missed++)
			first_miss = k;
	}
	sh->done[i] = 1;
	if (missed)
		tst_res(TFAIL, "task %d: the other priority %d task did not "
			"run in %lu of %lu yields (first at yield %lu)", i,
			PRIO, missed, YIELDS, first_miss);
	else
		tst_res(TPASS, "task %d: each of %lu yields ran the other "
			"priority %d task", i, YIELDS, PRIO);
	exit(0);
}

static void equal_priority(void)
{
	pid_t pid[2];
	int i;

	for (i = 0; i < 2; i++) {
		pid[i] = SAFE_FORK();
		if (!pid[i])
			peer(i);
	}
	wait_flag(&sh->ready, 2);
	sh->go = 1;
	for (i = 0; i < 2; i++)
		reap_child(pid[i]);
}

static void lower_priority(void)
{
	unsigned long k, snap, moved = 0;
	pid_t low, high;

	low = SAFE_FORK();
	if (!low) {
		pin_to(test_cpu);
		set_fifo(PRIO - 1);
		while (!sh->stop)
			sh->count[0]++;
		exit(0);
	}
	while (!sh->count[0])
		usleep(10000);
	high = SAFE_FORK();
	if (!high) {
		fifo_on_test_cpu(PRIO);
		/* on the CPU now: the spinner is off it */
		snap = sh->count[0];
		for (k = 0; k < YIELDS; k++) {
			sched_yield();
			if (sh->count[0] != snap) {
				moved++;
				snap = sh->count[0];
			}
		}
		sh->stop = 1;
		if (moved)
			tst_res(TFAIL, "the priority %d spinner ran during %lu "
				"of %lu yields of the priority %d task",
				PRIO - 1, moved, YIELDS, PRIO);
		else
			tst_res(TPASS, "%lu yields of the priority %d task "
				"never ran the priority %d spinner", YIELDS,
				PRIO, PRIO - 1);
		exit(0);
	}
	reap_child(high);
	sh->stop = 1;
	reap_child(low);
}

static void run(unsigned int n)
{
	memset(sh, 0, sizeof(*sh));
	if (!n)
		equal_priority();
	else
		lower_priority();
}

static void setup(void)
{
	pick_test_cpu();
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
