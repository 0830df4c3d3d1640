// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_setschedprio(): if the call fails, the target thread's
 * priority is not changed; [EPERM] is returned for a priority the caller
 * may not set. As nobody with RLIMIT_RTPRIO 10: another thread at
 * SCHED_FIFO 5; setschedprio 11 and 99 return EPERM and it stays FIFO 5
 * (pthread_getschedparam() and the kernel); 10, the limit, is set; 2
 * (lower) is set; 11 again EPERM with 2 kept.
 */
#include "pts_rtprio.h"

static int child(void)
{
	struct sched_param sp = { .sched_priority = 5 };
	pthread_t t = pts_rtprio_thread();

	if (pthread_setschedparam(t, SCHED_FIFO, &sp))
		PTS_UNRES("FIFO 5 under RLIMIT_RTPRIO %d refused", PTS_RTPRIO_LIM);
	PTS_EXPECT_ERR(pthread_setschedprio(t, 11), EPERM,
		       "pthread_setschedprio(11) over RLIMIT_RTPRIO 10");
	pts_rtprio_check(t, SCHED_FIFO, 5, "the failed 11");
	PTS_EXPECT_ERR(pthread_setschedprio(t, 99), EPERM,
		       "pthread_setschedprio(99) over RLIMIT_RTPRIO 10");
	pts_rtprio_check(t, SCHED_FIFO, 5, "the failed 99");
	PTS_EXPECT_ERR(pthread_setschedprio(t, PTS_RTPRIO_LIM), 0,
		       "pthread_setschedprio(10), at the limit");
	pts_rtprio_check(t, SCHED_FIFO, 10, "setschedprio 10");
	PTS_EXPECT_ERR(pthread_setschedprio(t, 2), 0, "pthread_setschedprio(2)");
	pts_rtprio_check(t, SCHED_FIFO, 2, "setschedprio 2");
	PTS_EXPECT_ERR(pthread_setschedprio(t, 11), EPERM,
		       "pthread_setschedprio(11) from 2");
	pts_rtprio_check(t, SCHED_FIFO, 2, "the failed 11 from 2");
	pts_rtprio_stop(t);
	return PTS_PASS;
}

int main(void)
{
	pts_need_sched_fifo();
	pts_rtprio_in_child(child);
	PTS_PASSED("EPERM above RLIMIT_RTPRIO left the thread's priority");
}
