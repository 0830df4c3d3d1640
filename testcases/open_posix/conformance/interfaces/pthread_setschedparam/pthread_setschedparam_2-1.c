// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_setschedparam() and the thread's place in its list (XSH
 * 2.8.4, SCHED_FIFO, rule 7): a running or runnable thread whose policy
 * or priority pthread_setschedparam() modified becomes the tail of the
 * list for its new priority, for a raised and for a lowered priority
 * alike (only pthread_setschedprio() sends a lowered thread to the
 * head, rule 8). On one CPU, with main SCHED_FIFO 30 keeping the CPU:
 * thread A at 15 and thread B at 20 are created (runnable, not
 * running); A raised to 20 with pthread_setschedparam() runs after B.
 * Then A at 25 lowered to 20: POSIX puts it at the tail again (B
 * first); Linux puts a task whose priority drops at the head of its new
 * list (sched(7) documents the deviation): reported as a known issue
 * once the raised case has passed. Needs SCHED_FIFO permission (TCONF
 * otherwise).
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

static int round_(int a_prio, const char *what)
{
	struct sched_param sp;
	pthread_t a, b;
	int e;

	seq = pos[0] = pos[1] = 0;
	a = mk(0, a_prio);
	b = mk(1, 20);
	if (seq)
		PTS_UNRES("%s: a thread ran while main held the CPU", what);
	sp.sched_priority = 20;
	e = pthread_setschedparam(a, SCHED_FIFO, &sp);
	if (e)
		PTS_FAILED("%s: pthread_setschedparam(): %s", what, strerror(e));
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	printf("%s: A ran %d, B ran %d\n", what, pos[0], pos[1]);
	return pos[0] < pos[1];
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 30 };
	int lowered_first;
	cpu_set_t cs;

	pts_need_sched_fifo();
	CPU_ZERO(&cs);
	CPU_SET(0, &cs);
	if (sched_setaffinity(0, sizeof(cs), &cs))
		PTS_UNRES("sched_setaffinity(CPU 0): %s", strerror(errno));
	if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp))
		PTS_UNRES("main to SCHED_FIFO 30");
	if (round_(15, "raised 15 -> 20"))
		PTS_FAILED("the raised thread ran before the one already at 20 (not the tail)");
	lowered_first = round_(25, "lowered 25 -> 20");
	sp.sched_priority = 0;
	pthread_setschedparam(pthread_self(), SCHED_OTHER, &sp);
	if (lowered_first)
		PTS_KNOWN_ISSUE("pthread_setschedparam list position",
				"a FIFO thread lowered 25 -> 20 by pthread_setschedparam() ran before the thread already at 20 (head of the list, not the tail)");
	PTS_PASSED("a thread whose priority pthread_setschedparam() changed goes to the tail, raised or lowered");
}
