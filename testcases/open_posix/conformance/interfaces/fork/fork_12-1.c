// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork(): the child is created with no pending signals. The parent
 * holds, blocked, SIGUSR1 pending for the process, SIGUSR2 pending for
 * its thread (pthread_kill()) and SIGRTMIN queued three times with
 * values: in the child sigpending() is empty and the kernel's SigPnd and
 * ShdPnd masks are 0 (also with the signals unblocked, nothing is
 * delivered), while the parent still has all of them, the three
 * realtime values in order.
 */
#include <pthread.h>

#include "pts_sigkit.h"

static volatile sig_atomic_t got;

static void h(int sig)
{
	(void)sig;
	got++;
}

static int child(void)
{
	sigset_t set;
	int s;

	if (sigpending(&set))
		return PTS_UNRESOLVED;
	for (s = 1; s < SIGRTMAX; s++)
		if (sigismember(&set, s)) {
			printf("child: signal %d pending\n", s);
			return PTS_FAIL;
		}
	if (pts_task_mask(getpid(), getpid(), "SigPnd") ||
	    pts_task_mask(getpid(), getpid(), "ShdPnd")) {
		printf("child: the kernel has signals pending\n");
		return PTS_FAIL;
	}
	pts_catch(SIGUSR1, h, 0);
	pts_catch(SIGUSR2, h, 0);
	pts_catch(SIGRTMIN, h, 0);
	sigemptyset(&set);
	sigprocmask(SIG_SETMASK, &set, NULL);
	return got ? PTS_FAIL : PTS_PASS;
}

int main(void)
{
	union sigval v;
	struct timespec to = { 0, 0 };
	siginfo_t si;
	sigset_t set;
	int i;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	kill(getpid(), SIGUSR1);
	pthread_kill(pthread_self(), SIGUSR2);
	for (i = 0; i < 3; i++) {
		v.sival_int = 10 + i;
		if (sigqueue(getpid(), SIGRTMIN, v))
			PTS_UNRES("sigqueue(): %m");
	}
	pts_run_child(child, "child");
	if (!(pts_task_mask(getpid(), getpid(), "SigPnd") &
	      PTS_SIGBIT(SIGUSR2)) ||
	    !(pts_task_mask(getpid(), getpid(), "ShdPnd") &
	      PTS_SIGBIT(SIGUSR1)))
		PTS_FAILED("the parent lost a pending signal");
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	for (i = 0; i < 3; i++)
		if (sigtimedwait(&set, &si, &to) != SIGRTMIN ||
		    si.si_value.sival_int != 10 + i)
			PTS_FAILED("the parent's queued SIGRTMIN %d is missing", i);
	PTS_PASSED("no pending signal in the child; the parent keeps its own");
}
