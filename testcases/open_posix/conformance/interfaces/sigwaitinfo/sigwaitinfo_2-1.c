// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwaitinfo(): [EINTR] "The wait was interrupted by an unblocked,
 * caught signal that is not in set". A child waits in sigwaitinfo() for
 * SIGUSR1 with SIGUSR2 caught and unblocked; SIGUSR2, sent once it sleeps
 * in rt_sigtimedwait, runs its handler and sigwaitinfo() returns -1 with
 * EINTR. SIGUSR1, sent once the parent has read that the first call
 * returned, is then accepted, with info filled (SI_USER, the sender).
 */
#include "pts_helpers.h"

static volatile sig_atomic_t ran;
static int fds[2];

static void handler(int sig)
{
	(void)sig;
	ran++;
}

static int child(void)
{
	struct sigaction sa;
	siginfo_t si;
	sigset_t set;
	int r;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR2, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_SETMASK, &set, NULL);
	errno = 0;
	r = sigwaitinfo(&set, &si);
	printf("first sigwaitinfo(): %d, errno %d, handler ran %d\n", r, errno,
	       (int)ran);
	if (r != -1 || errno != EINTR || ran != 1)
		return PTS_FAIL;
	if (write(fds[1], "x", 1) != 1)
		return PTS_UNRESOLVED;
	memset(&si, 0, sizeof(si));
	r = sigwaitinfo(&set, &si);
	printf("second sigwaitinfo(): %d si_signo %d si_code %d si_pid %d\n", r,
	       si.si_signo, si.si_code, (int)si.si_pid);
	if (r != SIGUSR1 || si.si_signo != SIGUSR1 || si.si_code != SI_USER ||
	    si.si_pid != getppid())
		return PTS_FAIL;
	return PTS_PASS;
}

int main(void)
{
	pid_t pid;
	char c;

	if (pipe(fds))
		PTS_UNRES("pipe(): %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		exit(child());
	pts_wait_in_syscall(pid, SYS_rt_sigtimedwait);
	kill(pid, SIGUSR2);
	close(fds[1]);
	/* only now: SIGUSR1 pending at the wake-up would be taken instead */
	if (read(fds[0], &c, 1) == 1)
		kill(pid, SIGUSR1);
	pts_reap(pid, "the waiting child");
	PTS_PASSED("EINTR for a caught signal outside set, then the signal in set");
}
