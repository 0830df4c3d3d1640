// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction() without SA_NODEFER: the signal is blocked while its
 * handler runs, so instances generated inside the handler wait until it
 * returns. A SIGRTMIN handler that queues SIGRTMIN three more times
 * (values 1, 2, 3) is not re-entered; after it returns the three are
 * delivered one at a time, in the order sent, each with SI_QUEUE, the
 * sender's pid and its value - four calls in all, never nested. A
 * SIGUSR1 handler that sends SIGUSR1 to itself twice with kill() gets
 * exactly one more call (a standard signal does not queue), also not
 * nested; nothing is left pending.
 */
#include "pts_helpers.h"

static volatile int depth, max_depth, n_rt, n_usr;
static int vals[8], codes[8], pids[8];

static void on_rt(int sig, siginfo_t *si, void *uc)
{
	union sigval v;
	int i;

	(void)uc;
	if (++depth > max_depth)
		max_depth = depth;
	if (n_rt < 8) {
		vals[n_rt] = si->si_value.sival_int;
		codes[n_rt] = si->si_code;
		pids[n_rt] = si->si_pid;
	}
	if (n_rt++ == 0) {
		for (i = 1; i <= 3; i++) {
			v.sival_int = i;
			sigqueue(getpid(), sig, v);
		}
	}
	depth--;
}

static void on_usr(int sig)
{
	if (++depth > max_depth)
		max_depth = depth;
	if (n_usr++ == 0) {
		kill(getpid(), sig);
		kill(getpid(), sig);
	}
	depth--;
}

/* bounded wait until *n reaches want */
static void wait_count(volatile int *n, int want, const char *what)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);

	while (*n < want && pts_now(CLOCK_MONOTONIC) < end)
		pts_nap();
	if (*n != want)
		PTS_FAILED("%s: %d handler calls, expected %d", what, *n, want);
}

int main(void)
{
	struct sigaction sa;
	union sigval v = { .sival_int = 0 };
	sigset_t pend;
	int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_rt;
	sa.sa_flags = SA_SIGINFO;
	if (sigaction(SIGRTMIN, &sa, NULL))
		PTS_UNRES("sigaction(SIGRTMIN): %m");
	sa.sa_handler = on_usr;
	sa.sa_flags = 0;
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(SIGUSR1): %m");

	if (sigqueue(getpid(), SIGRTMIN, v))
		PTS_UNRES("sigqueue(): %m");
	wait_count(&n_rt, 4, "SIGRTMIN queued from its own handler");
	for (i = 0; i < 4; i++) {
		if (vals[i] != i || codes[i] != SI_QUEUE || pids[i] != getpid())
			PTS_FAILED("call %d: value %d code %d pid %d, expected %d SI_QUEUE %d",
				   i, vals[i], codes[i], pids[i], i, (int)getpid());
	}
	if (max_depth != 1)
		PTS_FAILED("SIGRTMIN handler nested (depth %d)", max_depth);

	if (kill(getpid(), SIGUSR1))
		PTS_UNRES("kill(): %m");
	wait_count(&n_usr, 2, "SIGUSR1 sent twice from its own handler");
	if (max_depth != 1)
		PTS_FAILED("SIGUSR1 handler nested (depth %d)", max_depth);
	/* a late third call would show here */
	if (sigpending(&pend))
		PTS_UNRES("sigpending(): %m");
	if (sigismember(&pend, SIGUSR1) || sigismember(&pend, SIGRTMIN) ||
	    n_usr != 2 || n_rt != 4)
		PTS_FAILED("left over: pending or extra calls (%d, %d)", n_rt, n_usr);
	PTS_PASSED("instances generated in the handler wait for its return: 3 queued, 1 standard");
}
