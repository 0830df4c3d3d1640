// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_setschedprio() and the thread's place in its list (XSH
 * 2.8.4, SCHED_FIFO, rule 8): a running or runnable thread whose
 * priority it lowers becomes the head of the list for the new priority
 * (lowering, as in priority ceiling emulation, does not cost the thread
 * its turn); one whose priority it raises becomes the tail; one whose
 * priority is unchanged keeps its place. On one CPU (affinity), with main SCHED_FIFO 30 keeping
 * the CPU: threads A at 25 and B at 20 are created (both runnable,
 * neither can run); A is lowered to 20 with pthread_setschedprio():
 * when main then blocks (pthread_join), A runs before B although B was
 * in the priority-20 list first. Then with A at 15 and B at 20, A is
 * raised to 20: B runs first. A lowered to 20 (at the head) and then
 * set to 20 again stays ahead of B: A first. The order is recorded by
 * the threads.
 * Needs SCHED_FIFO permission (TCONF otherwise).
 */
#include <pthread.h>
#include <sched.h>

#include "pts_helpers.h"

static volatile int seq, pos[2];

static void *rec(void *arg)
{
	pos[(long)arg] = __atomic_add_fetch(&seq, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

static pthread_t mk(long who, int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	pthread_attr_t a;
	pthread_t t;
	int e;

	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_FIFO);
	pthread_attr_setschedparam(&a, &sp);
	e = pthread_create(&t, &a, rec, (void *)who);
	if (e)
		PTS_UNRES("pthread_create(FIFO %d): %s", prio, strerror(e));
	pthread_attr_destroy(&a);
	return t;
}

static void round_(int a_prio, int twice, const char *what, int a_first)
{
	pthread_t a, b;
	int e;

	seq = pos[0] = pos[1] = 0;
	a = mk(0, a_prio);
	b = mk(1, 20);
	if (seq)
		PTS_UNRES("%s: a thread ran while main held the CPU", what);
	e = pthread_setschedprio(a, 20);
	if (!e && twice)
		e = pthread_setschedprio(a, 20);	/* unchanged: keeps its place */
	if (e)
		PTS_FAILED("%s: pthread_setschedprio(): %s", what, strerror(e));
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	printf("%s: A ran %d, B ran %d\n", what, pos[0], pos[1]);
	if ((pos[0] < pos[1]) != a_first)
		PTS_FAILED("%s: %s ran first, expected %s", what,
			   pos[0] < pos[1] ? "A" : "B", a_first ? "A" : "B");
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 30 };
	cpu_set_t cs;

	pts_need_sched_fifo();
	CPU_ZERO(&cs);
	CPU_SET(0, &cs);
	if (sched_setaffinity(0, sizeof(cs), &cs))
		PTS_UNRES("sched_setaffinity(CPU 0): %s", strerror(errno));
	if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp))
		PTS_UNRES("main to SCHED_FIFO 30");
	round_(25, 0, "lowered 25 -> 20", 1);
	round_(15, 0, "raised 15 -> 20", 0);
	round_(25, 1, "lowered 25 -> 20, then 20 -> 20", 1);
	sp.sched_priority = 0;
	pthread_setschedparam(pthread_self(), SCHED_OTHER, &sp);
	PTS_PASSED("lowered: head of the new list; raised: tail; unchanged: same place");
}
