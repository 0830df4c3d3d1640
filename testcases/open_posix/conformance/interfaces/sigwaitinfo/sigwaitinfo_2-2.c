// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwaitinfo(): of several pending realtime signals in set the lowest
 * numbered is selected, whether pending for the process or for the
 * calling thread. SIGRTMIN is pending for the process (kill()) and
 * SIGRTMIN+1 for main alone (pthread_kill()): the first call should
 * return SIGRTMIN. Linux's dequeue_signal() empties the thread's own
 * queue before looking at the process's and returns SIGRTMIN+1 first:
 * a known issue. The two calls must return the two signals either way.
 */
#include <pthread.h>

#include "pts_sigkit.h"

int main(void)
{
	sigset_t set;
	int first, second;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGRTMIN + 1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	kill(getpid(), SIGRTMIN);
	pthread_kill(pthread_self(), SIGRTMIN + 1);
	first = sigwaitinfo(&set, NULL);
	second = sigwaitinfo(&set, NULL);
	printf("returned SIGRTMIN+%d, then SIGRTMIN+%d\n", first - SIGRTMIN,
	       second - SIGRTMIN);
	if (first + second != 2 * SIGRTMIN + 1 || first == second)
		PTS_FAILED("the two pending signals were not both returned");
	if (first == SIGRTMIN + 1)
		PTS_KNOWN_ISSUE("XSH sigwaitinfo, lowest realtime signal first",
				"the thread's SIGRTMIN+1 returned before the process's SIGRTMIN");
	PTS_PASSED("the lowest pending realtime signal was returned first");
}
