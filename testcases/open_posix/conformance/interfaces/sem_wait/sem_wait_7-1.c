// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_wait() [EINTR]: a signal interrupted the function. Another
 * process sends SIGUSR1 (caught, no SA_RESTART) once this one sleeps in
 * futex inside sem_wait() on a semaphore at 0: -1 and EINTR, the
 * handler ran, the value is still 0 (nothing taken or left owing), and
 * a post then leaves exactly 1.
 */
#include <sys/syscall.h>

#include "pts_mqsem.h"

int main(void)
{
	sem_t *s = pts_shared_sem(0);
	pid_t pid;

	pts_catch_no_restart(SIGUSR1);
	pid = pts_signal_when_blocked(getpid(), SYS_futex, SIGUSR1);
	PTS_EXPECT_ERRNO(sem_wait(s), EINTR, "interrupted sem_wait()");
	pts_reap(pid, "signalling child");
	if (pts_mqsem_caught != SIGUSR1)
		PTS_FAILED("the handler did not run");
	pts_sem_expect(s, 0, "after EINTR");
	sem_post(s);
	pts_sem_expect(s, 1, "after a post");
	PTS_PASSED("EINTR from another process's signal, value kept");
}
