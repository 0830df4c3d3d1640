// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_timedwait() [EINTR]: a signal interrupted the function. Another
 * process sends SIGUSR1 (caught, no SA_RESTART) once this one sleeps in
 * futex in sem_timedwait() with a deadline an hour ahead on a pshared
 * semaphore at 0: -1 and EINTR, the handler ran, the value is still 0
 * and a later post leaves exactly 1.
 */
#include <sys/syscall.h>

#include "pts_mqsem.h"

int main(void)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	sem_t *s = pts_shared_sem(0);
	long long t0 = pts_now(CLOCK_MONOTONIC);
	pid_t pid;

	pts_catch_no_restart(SIGUSR1);
	pid = pts_signal_when_blocked(getpid(), SYS_futex, SIGUSR1);
	PTS_EXPECT_ERRNO(sem_timedwait(s, &dl), EINTR, "interrupted sem_timedwait()");
	pts_reap(pid, "signalling child");
	if (pts_mqsem_caught != SIGUSR1)
		PTS_FAILED("the handler did not run");
	if (pts_now(CLOCK_MONOTONIC) - t0 > pts_bound_ns(60))
		PTS_FAILED("returned only after a minute");
	pts_sem_expect(s, 0, "after EINTR");
	sem_post(s);
	pts_sem_expect(s, 1, "after a post");
	PTS_PASSED("EINTR from another process's signal, value kept");
}
