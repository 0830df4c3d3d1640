// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction() with SA_SIGINFO: the handler gets a siginfo_t; for a signal
 * sent by kill() si_signo is the signal, si_code is SI_USER and si_pid and
 * si_uid are the sender's process ID and real user ID. A forked child
 * kills its parent with SIGUSR1; the parent waits for it in sigsuspend().
 */
#include "pts_siginfo.h"

int main(void)
{
	sigset_t old;
	pid_t pid;

	pts_catch_blocked(SIGUSR1, &old);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		_exit(kill(getppid(), SIGUSR1) ? 1 : 0);
	pts_wait_signal_from(pid, &old, "kill()");

	if (pts_info.si_signo != SIGUSR1)
		PTS_FAILED("si_signo %d, expected SIGUSR1 (%d)", pts_info.si_signo,
			   SIGUSR1);
	if (pts_info.si_code != SI_USER)
		PTS_FAILED("si_code %d, expected SI_USER (%d)", pts_info.si_code,
			   SI_USER);
	if (pts_info.si_pid != pid)
		PTS_FAILED("si_pid %d, expected the sender %d",
			   (int)pts_info.si_pid, (int)pid);
	if (pts_info.si_uid != getuid())
		PTS_FAILED("si_uid %d, expected %d", (int)pts_info.si_uid,
			   (int)getuid());
	PTS_PASSED("SA_SIGINFO handler got SIGUSR1, SI_USER, si_pid %d, si_uid %d",
		   (int)pts_info.si_pid, (int)pts_info.si_uid);
}
