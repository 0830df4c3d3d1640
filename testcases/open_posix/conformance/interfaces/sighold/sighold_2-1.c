// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sighold()/sigrelse() (XSI) and queueing: while SIGUSR1 and SIGRTMIN
 * are held by sighold(), a child sends each three times (kill() and
 * sigqueue()); nothing is delivered, both are pending for the process
 * (ShdPnd). sigrelse() then delivers them before it returns: the
 * standard signal once (a pending standard signal does not queue), the
 * realtime one three times, with the three values in the order sent.
 * (Deprecated in glibc; warning silenced.)
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_helpers.h"

static volatile sig_atomic_t n_usr, n_rt;
static volatile int vals[8];

static void h_usr(int sig)
{
	(void)sig;
	n_usr++;
}

static void h_rt(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	if (n_rt < 8)
		vals[n_rt] = si->si_value.sival_int;
	n_rt++;
}

int main(void)
{
	struct sigaction sa = { .sa_sigaction = h_rt, .sa_flags = SA_SIGINFO };
	unsigned long long pend, want;
	pid_t parent = getpid(), pid;
	int status, i;

	signal(SIGUSR1, h_usr);
	sigemptyset(&sa.sa_mask);
	sigaction(SIGRTMIN, &sa, NULL);
	if (sighold(SIGUSR1) || sighold(SIGRTMIN))
		PTS_UNRES("sighold(): %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (!pid) {
		union sigval v;

		for (i = 0; i < 3; i++) {
			v.sival_int = 100 + i;
			if (kill(parent, SIGUSR1) || sigqueue(parent, SIGRTMIN, v))
				_exit(1);
		}
		_exit(0);
	}
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_UNRES("the sender child failed");
	if (n_usr || n_rt)
		PTS_FAILED("held signals delivered: SIGUSR1 %d, SIGRTMIN %d",
			   (int)n_usr, (int)n_rt);
	pend = pts_shared_pending(getpid());
	want = (1ULL << (SIGUSR1 - 1)) | (1ULL << (SIGRTMIN - 1));
	if ((pend & want) != want)
		PTS_FAILED("ShdPnd %llx lacks SIGUSR1 or SIGRTMIN", pend);
	if (sigrelse(SIGUSR1))
		PTS_FAILED("sigrelse(SIGUSR1): %s", strerror(errno));
	if (n_usr != 1 || n_rt)
		PTS_FAILED("after sigrelse(SIGUSR1): SIGUSR1 delivered %d times (expected 1), SIGRTMIN %d",
			   (int)n_usr, (int)n_rt);
	if (sigrelse(SIGRTMIN))
		PTS_FAILED("sigrelse(SIGRTMIN): %s", strerror(errno));
	if (n_rt != 3)
		PTS_FAILED("SIGRTMIN delivered %d times after sigrelse(), expected 3",
			   (int)n_rt);
	for (i = 0; i < 3; i++)
		if (vals[i] != 100 + i)
			PTS_FAILED("SIGRTMIN delivery %d carried %d, expected %d", i,
				   vals[i], 100 + i);
	PTS_PASSED("held: nothing delivered; released: SIGUSR1 once, SIGRTMIN three times in order");
}
