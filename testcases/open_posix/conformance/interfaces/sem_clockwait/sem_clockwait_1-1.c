// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_clockwait() (POSIX.1-2024): like sem_timedwait() with the deadline
 * measured on the given clock. On CLOCK_MONOTONIC a wait on a zero
 * semaphore ends with ETIMEDOUT no earlier than the deadline on that
 * clock; a clock other than CLOCK_REALTIME and CLOCK_MONOTONIC is
 * refused with EINVAL; a post from another process (pshared semaphore)
 * ends the wait with 0.
 */
#include <semaphore.h>
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	struct timespec dl;
	long long now;
	pid_t pid, parent = getpid();
	sem_t *s;

	s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED || sem_init(s, 1, 0))
		PTS_UNRES("mmap/sem_init: %m");
	dl = pts_deadline(CLOCK_MONOTONIC, 100000000);
	PTS_EXPECT_ERRNO(sem_clockwait(s, CLOCK_MONOTONIC, &dl), ETIMEDOUT,
			 "sem_clockwait(CLOCK_MONOTONIC) at zero");
	now = pts_now(CLOCK_MONOTONIC);
	if (now < pts_ts_ns(&dl))
		PTS_FAILED("timed out %lld ns early", pts_ts_ns(&dl) - now);
	dl = pts_deadline(CLOCK_PROCESS_CPUTIME_ID, 1000000);
	PTS_EXPECT_ERRNO(sem_clockwait(s, CLOCK_PROCESS_CPUTIME_ID, &dl), EINVAL,
			 "sem_clockwait(CLOCK_PROCESS_CPUTIME_ID)");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		pts_wait_in_syscall(parent, SYS_futex);
		_exit(sem_post(s) ? PTS_UNRESOLVED : PTS_PASS);
	}
	dl = pts_deadline(CLOCK_MONOTONIC, pts_bound_ns(30));
	if (sem_clockwait(s, CLOCK_MONOTONIC, &dl))
		PTS_FAILED("sem_clockwait() not ended by the post: %m");
	pts_reap(pid, "posting child");
	PTS_PASSED("monotonic deadline honoured, EINVAL, woken by a post");
}
