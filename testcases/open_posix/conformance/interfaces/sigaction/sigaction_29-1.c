// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction() with SA_SIGINFO: queued realtime signals are delivered to
 * the handler in order, lowest signal number first and, within one
 * number, in the order they were sent (FIFO), each with its own value.
 * A child queues 12 signals to the blocked parent, interleaving
 * SIGRTMIN+2, SIGRTMIN and SIGRTMIN+1 with values 0..11; one
 * sigprocmask() then unblocks them. Each handler blocks all three in
 * sa_mask, so deliveries do not nest and the record is the delivery
 * order: the four SIGRTMIN values in sending order, then those of
 * SIGRTMIN+1, then SIGRTMIN+2, each with SI_QUEUE and the child's pid.
 */
#include "pts_helpers.h"

#define N 12

static volatile int cnt;
static volatile int got_sig[N], got_val[N], bad_info;
static pid_t child;

static void h(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (cnt < N) {
		got_sig[cnt] = sig;
		got_val[cnt] = si->si_value.sival_int;
	}
	if (si->si_code != SI_QUEUE || si->si_pid != child || si->si_signo != sig)
		bad_info = 1;
	cnt++;
}

static int sig_of(int i)
{
	static const int off[3] = { 2, 0, 1 };

	return SIGRTMIN + off[i % 3];
}

int main(void)
{
	struct sigaction sa;
	sigset_t set;
	int i, j, k, status;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = h;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&set);
	for (i = 0; i < 3; i++)
		sigaddset(&set, SIGRTMIN + i);
	sa.sa_mask = set;
	for (i = 0; i < 3; i++)
		if (sigaction(SIGRTMIN + i, &sa, NULL))
			PTS_UNRES("sigaction(): %m");
	sigprocmask(SIG_BLOCK, &set, NULL);

	fflush(stdout);
	child = fork();
	if (child < 0)
		PTS_UNRES("fork(): %m");
	if (!child) {
		for (i = 0; i < N; i++) {
			union sigval v = { .sival_int = i };

			if (sigqueue(getppid(), sig_of(i), v))
				_exit(PTS_UNRESOLVED);
		}
		_exit(0);
	}
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_UNRES("sender child status 0x%x", status);

	sigprocmask(SIG_UNBLOCK, &set, NULL);
	if (cnt != N)
		PTS_FAILED("%d deliveries, expected %d", cnt, N);
	k = 0;
	for (j = 0; j < 3; j++) {
		for (i = 0; i < N; i++) {
			if (sig_of(i) != SIGRTMIN + j)
				continue;
			if (got_sig[k] != SIGRTMIN + j || got_val[k] != i)
				PTS_FAILED("delivery %d: SIGRTMIN+%d value %d, expected "
					   "SIGRTMIN+%d value %d", k, got_sig[k] - SIGRTMIN,
					   got_val[k], j, i);
			k++;
		}
	}
	if (bad_info)
		PTS_FAILED("a delivery without SI_QUEUE, the child's pid or si_signo");
	PTS_PASSED("12 queued signals delivered lowest first, FIFO per signal");
}
