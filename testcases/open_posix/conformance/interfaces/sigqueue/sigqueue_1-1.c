// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigqueue(): the value passed is delivered to an SA_SIGINFO handler in
 * si_value, with si_code SI_QUEUE, si_signo the signal and si_pid the
 * sender. A child queues SIGRTMIN with sival_int 0x5eed to its parent.
 */
#include "pts_siginfo.h"

#define VALUE 0x5eed

int main(void)
{
	sigset_t old;
	pid_t pid;

	pts_catch_blocked(SIGRTMIN, &old);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		union sigval v = { .sival_int = VALUE };

		_exit(sigqueue(getppid(), SIGRTMIN, v) ? 1 : 0);
	}
	pts_wait_signal_from(pid, &old, "sigqueue()");

	if (pts_info.si_signo != SIGRTMIN || pts_info.si_code != SI_QUEUE)
		PTS_FAILED("si_signo %d si_code %d, expected %d and SI_QUEUE (%d)",
			   pts_info.si_signo, pts_info.si_code, SIGRTMIN, SI_QUEUE);
	if (pts_info.si_value.sival_int != VALUE)
		PTS_FAILED("si_value.sival_int %#x, expected %#x",
			   pts_info.si_value.sival_int, VALUE);
	if (pts_info.si_pid != pid)
		PTS_FAILED("si_pid %d, expected the sender %d",
			   (int)pts_info.si_pid, (int)pid);
	PTS_PASSED("sigqueue() delivered sival_int %#x with SI_QUEUE from %d",
		   pts_info.si_value.sival_int, (int)pts_info.si_pid);
}
