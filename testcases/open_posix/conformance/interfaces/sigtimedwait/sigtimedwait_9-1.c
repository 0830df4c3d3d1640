// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigtimedwait() and sigwaitinfo() "shall" be cancellation points (XSH
 * 2.9.5.2). A thread waiting for SIGUSR1 (blocked in every thread) in
 * sigtimedwait() with a one-hour timeout, and another in sigwaitinfo(),
 * are each cancelled by a deferred request: PTHREAD_CANCELED, cleanup
 * run, the call never returned. The cancelled waits accept nothing: a
 * SIGUSR1 sent to the process afterwards is pending and taken by the
 * main thread's zero-timeout sigtimedwait(), with SI_USER and our pid.
 */
#include "pts_cancel.h"

static sigset_t set;

static void timed(void *arg)
{
	struct timespec ts = { 3600, 0 };

	(void)arg;
	sigtimedwait(&set, NULL, &ts);
}

static void info(void *arg)
{
	siginfo_t si;

	(void)arg;
	sigwaitinfo(&set, &si);
}

int main(void)
{
	struct timespec zero = { 0, 0 };
	siginfo_t si;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	pts_cancel_in_syscall(timed, NULL, SYS_rt_sigtimedwait, "sigtimedwait()");
	pts_cancel_in_syscall(info, NULL, SYS_rt_sigtimedwait, "sigwaitinfo()");
	kill(getpid(), SIGUSR1);
	if (sigtimedwait(&set, &si, &zero) != SIGUSR1)
		PTS_FAILED("SIGUSR1 sent after the cancelled waits not pending: %s",
			   strerror(errno));
	if (si.si_code != SI_USER || si.si_pid != getpid())
		PTS_FAILED("si_code %d, si_pid %d", si.si_code, (int)si.si_pid);
	PTS_PASSED("sigtimedwait() and sigwaitinfo() are cancellation points");
}
