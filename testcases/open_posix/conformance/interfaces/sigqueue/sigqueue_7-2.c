// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigqueue(): when several realtime signals are pending and unblocked,
 * the lowest numbered is delivered first, whether it is pending for the
 * process or for the thread. SIGRTMIN queued to the process
 * (sigqueue()) and SIGRTMIN+1 to main alone (pthread_sigqueue()), both
 * blocked, then unblocked together: SIGRTMIN's handler should run first.
 * Both handlers block both signals (sa_mask), so that one delivery
 * cannot nest on top of the other and the entry order is the delivery
 * order.
 * Linux's dequeue_signal() delivers the thread's own queue first: a
 * known issue. Both must be delivered once with their values either way.
 */
#include <pthread.h>

#include "pts_sigkit.h"

static volatile sig_atomic_t n;
static int order[4], value[4];

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (n < 4) {
		order[n] = sig;
		value[n] = si->si_value.sival_int;
	}
	n++;
}

int main(void)
{
	union sigval a = { .sival_int = 10 }, b = { .sival_int = 11 };
	struct sigaction sa;
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGRTMIN + 1);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sa.sa_mask = set;
	if (sigaction(SIGRTMIN, &sa, NULL) || sigaction(SIGRTMIN + 1, &sa, NULL))
		PTS_UNRES("sigaction(): %s", strerror(errno));
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (sigqueue(getpid(), SIGRTMIN, a) ||
	    pthread_sigqueue(pthread_self(), SIGRTMIN + 1, b))
		PTS_UNRES("queueing failed: %s", strerror(errno));
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	printf("delivered: SIGRTMIN+%d (%d), SIGRTMIN+%d (%d); %d in all\n",
	       order[0] - SIGRTMIN, value[0], order[1] - SIGRTMIN, value[1], (int)n);
	if (n != 2 || value[0] + value[1] != 21 ||
	    order[0] + order[1] != 2 * SIGRTMIN + 1)
		PTS_FAILED("the two signals were not each delivered once");
	if (order[0] != SIGRTMIN)
		PTS_KNOWN_ISSUE("XSH 2.4.2, lowest realtime signal delivered first",
				"the thread's SIGRTMIN+1 was delivered before "
				"the process's SIGRTMIN");
	PTS_PASSED("SIGRTMIN delivered before SIGRTMIN+1");
}
