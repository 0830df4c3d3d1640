// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * raise() in a process with one thread is equivalent to
 * kill(getpid(), sig): the same handler runs before the call returns,
 * with the same si_signo, si_pid (the caller) and si_uid (its real
 * uid); blocked, each leaves the signal pending, and for a realtime
 * signal each generation is queued (raise() then kill(): two
 * deliveries; for SIGUSR1 one or two, printed: whether a standard
 * signal generated again while pending is delivered more than once is
 * implementation-defined, and Linux keeps raise()'s as pending for the
 * thread, kill()'s for the process). si_code is SI_USER for kill();
 * for raise() POSIX allows SI_USER or a value of the implementation's
 * own (printed).
 */
#include "pts_helpers.h"
#include "pts_sigkit.h"

static volatile int n, l_signo, l_code, l_pid, l_uid;

static void h(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	l_signo = si->si_signo;
	l_code = si->si_code;
	l_pid = si->si_pid;
	l_uid = si->si_uid;
	n++;
}

static void check(const char *what, int sig)
{
	if (l_signo != sig || l_pid != getpid() || l_uid != (int)getuid())
		PTS_FAILED("%s: si_signo %d si_pid %d si_uid %d", what, l_signo,
			   l_pid, l_uid);
}

int main(void)
{
	int raise_code, i;

	pts_catch_info(SIGUSR1, h);
	pts_catch_info(SIGRTMIN, h);

	n = 0;
	if (raise(SIGUSR1) || n != 1)
		PTS_FAILED("raise(): %d handler runs before it returned", n);
	check("raise()", SIGUSR1);
	raise_code = l_code;
	if (kill(getpid(), SIGUSR1) || n != 2)
		PTS_FAILED("kill(): %d handler runs in all before it returned", n);
	check("kill()", SIGUSR1);
	if (l_code != SI_USER)
		PTS_FAILED("kill(): si_code %d, not SI_USER", l_code);
	printf("INFO: raise() si_code %d (SI_USER %d, SI_TKILL %d)\n", raise_code,
	       SI_USER, SI_TKILL);

	pts_mask1(SIG_BLOCK, SIGUSR1);
	pts_mask1(SIG_BLOCK, SIGRTMIN);
	n = 0;
	raise(SIGUSR1);
	kill(getpid(), SIGUSR1);
	raise(SIGRTMIN);
	kill(getpid(), SIGRTMIN);
	if (n)
		PTS_FAILED("a blocked signal was delivered");
	pts_mask1(SIG_UNBLOCK, SIGUSR1);
	/* more than one delivery of a standard signal is implementation-defined */
	if (n < 1 || n > 2)
		PTS_FAILED("SIGUSR1 raised and killed: %d deliveries", n);
	printf("INFO: SIGUSR1 raised and killed while blocked: %d deliveries\n", n);
	i = n;
	pts_mask1(SIG_UNBLOCK, SIGRTMIN);
	if (n - i != 2)
		PTS_FAILED("SIGRTMIN raised and killed: %d deliveries, expected 2",
			   n - i);
	PTS_PASSED("raise() acts as kill(getpid()) (si_code printed)");
}
