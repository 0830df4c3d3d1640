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

#endif /* CPU_PIN_H */
