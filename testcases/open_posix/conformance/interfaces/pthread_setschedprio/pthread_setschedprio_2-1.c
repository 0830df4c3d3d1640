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

#include "pts_fifo_order.h"

static void round_(int a_prio, int twice, const char *what, int a_first)
{
	pthread_t a, b;
	int e, first;

	pts_fifo_pair(a_prio, what, &a, &b);
	e = pthread_setschedprio(a, 20);
	if (!e && twice)
		e = pthread_setschedprio(a, 20);	/* unchanged: keeps its place */
	if (e)
		PTS_FAILED("%s: pthread_setschedprio(): %s", what, strerror(e));
	first = pts_fifo_a_first(a, b, what);
	if (first != a_first)
		PTS_FAILED("%s: %s ran first, expected %s", what,
			   first ? "A" : "B", a_first ? "A" : "B");
}

int main(void)
{
	pts_fifo_main_hold();
	round_(25, 0, "lowered 25 -> 20", 1);
	round_(15, 0, "raised 15 -> 20", 0);
	round_(25, 1, "lowered 25 -> 20, then 20 -> 20", 1);
	pts_fifo_main_release();
	PTS_PASSED("lowered: head of the new list; raised: tail; unchanged: same place");
}
