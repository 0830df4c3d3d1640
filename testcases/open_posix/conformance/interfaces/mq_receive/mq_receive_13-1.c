// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_receive() [EINTR]: the call was interrupted by a signal. A child
 * sends SIGUSR1 (caught, no SA_RESTART) once this process sleeps in
 * mq_timedreceive (the system call behind mq_receive()) on an empty
 * queue: -1 and EINTR, the handler ran, the buffer is untouched and
 * the queue still empty.
 */
#include <sys/syscall.h>

#include "pts_mqsem.h"

int main(void)
{
	mqd_t q = pts_mq_new(2, 8, 0);
	char buf[8] = "-------";
	pid_t pid;

	pts_catch_no_restart(SIGUSR1);
	pid = pts_signal_when_blocked(getpid(), SYS_mq_timedreceive, SIGUSR1);
	PTS_EXPECT_ERRNO(mq_receive(q, buf, sizeof(buf), NULL), EINTR,
			 "interrupted mq_receive()");
	pts_reap(pid, "signalling child");
	if (pts_mqsem_caught != SIGUSR1)
		PTS_FAILED("the handler did not run");
	if (strcmp(buf, "-------"))
		PTS_FAILED("the buffer was written");
	pts_mq_expect_count(q, 0, "after EINTR");
	PTS_PASSED("EINTR from a caught signal, nothing received");
}
