// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send() [EINTR]: a signal interrupted the call. A child sends
 * SIGUSR1 (caught, no SA_RESTART) once this process sleeps in
 * mq_timedsend (the system call) on a full 2-message queue: -1 and
 * EINTR, the handler ran, and the interrupted message was not queued
 * (the two original messages, then nothing).
 */
#include <sys/syscall.h>

#include "pts_mqsem.h"

int main(void)
{
	mqd_t q = pts_mq_new(2, 4, 0);
	pid_t pid;
	char buf[4];

	pts_mq_fill(q);
	pts_catch_no_restart(SIGUSR1);
	pid = pts_signal_when_blocked(getpid(), SYS_mq_timedsend, SIGUSR1);
	PTS_EXPECT_ERRNO(mq_send(q, "int", 3, 9), EINTR, "interrupted mq_send()");
	pts_reap(pid, "signalling child");
	if (pts_mqsem_caught != SIGUSR1)
		PTS_FAILED("the handler did not run");
	pts_mq_expect_count(q, 2, "after EINTR");
	pts_mq_expect_msg(q, "a", 1, 1, "1st");
	pts_mq_expect_msg(q, "b", 1, 1, "2nd");
	if (mq_timedreceive(q, buf, sizeof(buf), NULL, &(struct timespec){ 0, 0 }) != -1)
		PTS_FAILED("a third message was queued");
	PTS_PASSED("EINTR from a caught signal, nothing queued");
}
