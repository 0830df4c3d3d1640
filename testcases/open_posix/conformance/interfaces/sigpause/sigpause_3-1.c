// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigpause() (XSI): execution is suspended until a signal is received,
 * then -1 and [EINTR]. A child with SIGUSR1 and SIGUSR2 blocked calls
 * sigpause(SIGUSR1) with nothing pending: it sleeps in rt_sigsuspend;
 * a SIGUSR2 sent then (still blocked) does not wake it; the SIGUSR1
 * sent after does: -1 EINTR with its handler run once and SIGUSR2's
 * not, SIGUSR2 still pending, SIGUSR1 blocked again.
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_sigkit.h"

static volatile sig_atomic_t ran1, ran2;

static void h1(int sig)
{
	(void)sig;
	ran1++;
}

static void h2(int sig)
{
	(void)sig;
	ran2++;
}

static int child(void)
{
	sigset_t set, m;
	int r;

	pts_catch(SIGUSR1, h1, 0);
	pts_catch(SIGUSR2, h2, 0);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	r = sigpause(SIGUSR1);
	if (r != -1 || errno != EINTR) {
		printf("sigpause() returned %d (%s)\n", r, strerror(errno));
		return PTS_FAIL;
	}
	sigpending(&set);
	sigprocmask(SIG_BLOCK, NULL, &m);
	if (ran1 != 1 || ran2 || !sigismember(&set, SIGUSR2) ||
	    !sigismember(&m, SIGUSR1)) {
		printf("runs %d/%d, SIGUSR2 pending %d, SIGUSR1 blocked %d\n",
		       (int)ran1, (int)ran2, sigismember(&set, SIGUSR2),
		       sigismember(&m, SIGUSR1));
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	pid_t pid;

	pid = pts_fork_fn(child);
	pts_wait_in_syscall(pid, SYS_rt_sigsuspend);
	kill(pid, SIGUSR2);
	pts_wait_in_syscall(pid, SYS_rt_sigsuspend);
	kill(pid, SIGUSR1);
	pts_reap(pid, "the child in sigpause()");
	PTS_PASSED("suspended until SIGUSR1, not woken by the held SIGUSR2");
}
