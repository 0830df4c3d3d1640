// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigtimedwait(): with nothing of set pending the caller waits for at
 * most the timeout, and a signal of set generated during the wait ends
 * it with that signal. The caller is seen asleep in rt_sigtimedwait with
 * a 60 s timeout by a child, which queues SIGRTMIN with value 9: the
 * call returns SIGRTMIN, SI_QUEUE, the value and the child's pid, well
 * before the timeout ran out.
 */
#include "pts_sigkit.h"

static int child(void)
{
	union sigval v = { .sival_int = 9 };
	pid_t parent = getppid();

	pts_wait_in_syscall(parent, SYS_rt_sigtimedwait);
	return sigqueue(parent, SIGRTMIN, v) ? PTS_UNRESOLVED : PTS_PASS;
}

int main(void)
{
	struct timespec to = { 60, 0 };
	long long t0, el;
	siginfo_t si;
	sigset_t set;
	pid_t pid;
	int r;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	pid = pts_fork_fn(child);
	t0 = pts_now(CLOCK_MONOTONIC);
	r = sigtimedwait(&set, &si, &to);
	el = pts_now(CLOCK_MONOTONIC) - t0;
	pts_reap(pid, "the sender");
	if (r != SIGRTMIN)
		PTS_FAILED("sigtimedwait() returned %d (%s)", r, strerror(errno));
	if (si.si_signo != SIGRTMIN || si.si_code != SI_QUEUE ||
	    si.si_value.sival_int != 9 || si.si_pid != pid)
		PTS_FAILED("info: signo %d code %d value %d pid %d", si.si_signo,
			   si.si_code, si.si_value.sival_int, (int)si.si_pid);
	if (el >= 60 * PTS_NSEC)
		PTS_FAILED("returned only after the timeout");
	PTS_PASSED("the signal queued during the wait ended it with its info");
}
