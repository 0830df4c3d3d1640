// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_yield() and SCHED_FIFO: "the sched_yield() function shall force
 * the running thread to relinquish the processor until it again becomes
 * the head of its thread list". On one CPU, a SCHED_FIFO 10 thread that
 * creates another SCHED_FIFO 10 thread keeps running (the new one goes
 * to the tail of the list and does not preempt an equal priority);
 * after sched_yield() the other has run. A SCHED_FIFO 20 thread created
 * instead preempts its creator at once: it has run when pthread_create()
 * returns.
 */
#include <pthread.h>
#include <sched.h>

#include "pts_helpers.h"

static volatile int ran;

static void *thread(void *arg)
{
	(void)arg;
	ran = 1;
	return NULL;
}

static void start(pthread_t *t, int prio)
{
	struct sched_param p = { .sched_priority = prio };
	pthread_attr_t a;
	int err;

	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_FIFO);
	pthread_attr_setschedparam(&a, &p);
	err = pthread_create(t, &a, thread, NULL);
	if (err)
		PTS_UNRES("pthread_create(): %s", strerror(err));
}

static int child(void)
{
	struct sched_param p = { .sched_priority = 10 };
	cpu_set_t cpus;
	pthread_t t;
	int seen;

	CPU_ZERO(&cpus);
	if (sched_getaffinity(0, sizeof(cpus), &cpus))
		PTS_UNRES("sched_getaffinity(): %m");
	for (seen = 0; !CPU_ISSET(seen, &cpus); seen++)
		;
	CPU_ZERO(&cpus);
	CPU_SET(seen, &cpus);
	if (sched_setaffinity(0, sizeof(cpus), &cpus))
		PTS_UNRES("sched_setaffinity(): %m");
	if (sched_setscheduler(0, SCHED_FIFO, &p) == -1)
		PTS_UNRES("sched_setscheduler(): %m");
	ran = 0;
	start(&t, 10);
	seen = ran;
	sched_yield();
	if (seen)
		PTS_FAILED("an equal priority FIFO thread preempted its creator");
	if (!ran)
		PTS_FAILED("sched_yield() did not let the equal priority thread run");
	pthread_join(t, NULL);
	ran = 0;
	start(&t, 20);
	seen = ran;
	pthread_join(t, NULL);
	if (!seen)
		PTS_FAILED("a higher priority FIFO thread did not preempt at once");
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "FIFO child");
	PTS_PASSED("FIFO ordering: no preemption by equals, yield, preemption");
}
