/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Keep the calling task on the CPU it runs on now: what it does then
 * happens on one CPU's queues, in the order it does it (loopback packets
 * on one backlog, an rseq critical section never migrated).
 */
#ifndef CPU_PIN_H
#define CPU_PIN_H

#include <sched.h>
#include "tst_test.h"

/* Returns the CPU the task is now bound to. */
static inline int pin_to_current_cpu(void)
{
	int cpu = sched_getcpu();
	cpu_set_t set;

	if (cpu < 0)
		tst_brk(TBROK | TERRNO, "sched_getcpu()");
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		tst_brk(TBROK | TERRNO, "sched_setaffinity(CPU %d)", cpu);
	return cpu;
}

/* Bind the calling task to cpu. */
static inline void pin_to_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		tst_brk(TBROK | TERRNO, "sched_setaffinity(CPU %d)", cpu);
}

/*
 * Spin on cpu for good, bound again whenever the task finds itself
 * elsewhere: cpuset_attach() resets the affinity of every task whose
 * cpuset css changes, as when a test running beside this one enables
 * cpuset in the root, and loops meant to share one CPU would spread
 * over all of them (seen in cpu03: an idle cgroup's loop alone on CPU 1
 * got 88 % of the pair's CPU).
 */
static inline void __attribute__((noreturn)) spin_on_cpu(int cpu)
{
	pin_to_cpu(cpu);
	for (;;) {
		if (sched_getcpu() != cpu)
			pin_to_cpu(cpu);
	}
}

#endif /* CPU_PIN_H */
