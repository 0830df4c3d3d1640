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

#include "pts_fifo_order.h"

static int round_(int a_prio, const char *what)
{
	struct sched_param sp;
	pthread_t a, b;
	int e;

	pts_fifo_pair(a_prio, what, &a, &b);
	sp.sched_priority = 20;
	e = pthread_setschedparam(a, SCHED_FIFO, &sp);
	if (e)
		PTS_FAILED("%s: pthread_setschedparam(): %s", what, strerror(e));
	return pts_fifo_a_first(a, b, what);
}

int main(void)
{
	int lowered_first;

	pts_fifo_main_hold();
	if (round_(15, "raised 15 -> 20"))
		PTS_FAILED("the raised thread ran before the one already at 20 (not the tail)");
	lowered_first = round_(25, "lowered 25 -> 20");
	pts_fifo_main_release();
	if (lowered_first)
		PTS_KNOWN_ISSUE("pthread_setschedparam list position",
				"a FIFO thread lowered 25 -> 20 by pthread_setschedparam() ran before the thread already at 20 (head of the list, not the tail)");
	PTS_PASSED("a thread whose priority pthread_setschedparam() changed goes to the tail, raised or lowered");
}
