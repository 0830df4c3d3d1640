// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigsuspend(): the thread is suspended "until delivery of a signal
 * whose action is either to execute a signal-catching function or to
 * terminate the process"; ignored signals do not end it. A child in
 * sigsuspend(empty set) gets SIGUSR2 (SIG_IGN), SIGCHLD, SIGURG and
 * SIGWINCH (default ignore), then a caught SIGUSR1: its one sigsuspend()
 * returns -1 EINTR only after the SIGUSR1 handler ran once.
 */
#include "pts_sigkit.h"

static volatile sig_atomic_t ran;

static void handler(int sig)
{
	(void)sig;
	ran++;
}

static int child(void)
{
	sigset_t all, none;
	int r;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, NULL);
	pts_catch(SIGUSR1, handler, 0);
	signal(SIGUSR2, SIG_IGN);
	sigemptyset(&none);
	r = sigsuspend(&none);
	if (r != -1 || errno != EINTR) {
		printf("sigsuspend() returned %d (%s)\n", r, strerror(errno));
		return PTS_FAIL;
	}
	if (ran != 1) {
		printf("sigsuspend() returned with %d SIGUSR1 handler runs\n",
		       (int)ran);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	int ign[] = { SIGUSR2, SIGCHLD, SIGURG, SIGWINCH };
	unsigned int i;
	pid_t pid;

	pid = pts_fork_fn(child);
	pts_wait_in_syscall(pid, SYS_rt_sigsuspend);
	for (i = 0; i < sizeof(ign) / sizeof(ign[0]); i++)
		kill(pid, ign[i]);
	kill(pid, SIGUSR1);
	pts_reap(pid, "the suspended child");
	PTS_PASSED("ignored signals left it suspended; the caught one ended it");
}
