// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend() [EINTR]: a signal interrupted the call. Another
 * process sends SIGUSR1 (caught, no SA_RESTART) to this one once it
 * sleeps in mq_timedsend with a deadline an hour ahead on a full queue:
 * -1 and EINTR long before the deadline, the handler ran, the message
 * was not queued.
 */
#include <sys/syscall.h>

#include "pts_mqsem.h"

int main(void)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	mqd_t q = pts_mq_new(1, 4, 0);
	pid_t pid;

	pts_mq_fill(q);
	pts_catch_no_restart(SIGUSR1);
	pid = pts_signal_when_blocked(getpid(), SYS_mq_timedsend, SIGUSR1);
	PTS_EXPECT_ERRNO(mq_timedsend(q, "int", 3, 9, &dl), EINTR,
			 "interrupted mq_timedsend()");
	pts_reap(pid, "signalling child");
	if (pts_mqsem_caught != SIGUSR1)
		PTS_FAILED("the handler did not run");
	pts_mq_expect_count(q, 1, "after EINTR");
	pts_mq_expect_msg(q, "a", 1, 1, "the original message");
	PTS_PASSED("EINTR from another process's signal, nothing queued");
}
