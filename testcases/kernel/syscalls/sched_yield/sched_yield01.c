// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_yield(2) moves the caller to the end of the run queue of its
 * static priority: two SCHED_FIFO tasks of equal priority pinned to one
 * CPU, each logging its turn and yielding, must run in strict alternation
 * (P C P C ...). A FIFO task never loses the CPU to a task of equal
 * priority otherwise, so a yield that does nothing shows as a run of one
 * letter. sched_yield() also returns 0 for a SCHED_OTHER task.
 * Root; realtime policies: exclusive, for guests.
 */
#include <sys/wait.h>
#include "sched_setparam.h"

#define ROUNDS 200

struct turns {
	int pos;
	char log[2 * ROUNDS];
};

static struct turns *turns;

static void take_turns(char who)
{
	int i;

	for (i = 0; i < ROUNDS; i++) {
		turns->log[turns->pos++] = who;
		if (sched_yield())
			tst_brk(TBROK | TERRNO, "sched_yield() in the loop");
	}
}

static void fifo_pair(void)
{
	cpu_set_t one;
	pid_t pid;
	int i, cpu = sched_getcpu();

	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one))
		tst_brk(TBROK | TERRNO, "sched_setaffinity(CPU %d)", cpu);
	set_policy(0, SCHED_FIFO, 10);

	/* the child inherits policy, priority and CPU; it queues behind us */
	pid = SAFE_FORK();
	if (!pid) {
		take_turns('C');
		exit(0);
	}
	take_turns('P');
	reap_child(pid);

	for (i = 0; i < 2 * ROUNDS; i++)
		if (turns->log[i] != (i % 2 ? 'C' : 'P'))
			break;
	if (i == 2 * ROUNDS)
		tst_res(TPASS, "two SCHED_FIFO tasks on CPU %d alternated on "
			"each sched_yield() for %d rounds", cpu, ROUNDS);
	else
		tst_res(TFAIL, "turn %d was taken by %c: '%.*s...'", i,
			turns->log[i], i + 1 < 40 ? 40 : i + 1, turns->log);
}

static void run(void)
{
	TST_EXP_PASS(sched_yield(), "sched_yield() of a SCHED_OTHER task");

	turns->pos = 0;
	if (!SAFE_FORK()) {
		fifo_pair();
		exit(0);
	}
	tst_reap_children();
}

static void setup(void)
{
	turns = SAFE_MMAP(NULL, sizeof(*turns), PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.exclusive = 1,
	.forks_child = 1,
};
