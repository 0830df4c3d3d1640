// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_setschedparam(): if the call fails, the policy and priority of
 * the target thread are not modified; [EPERM] is returned for a setting
 * the caller has no permission for. As nobody with RLIMIT_RTPRIO 10:
 * another thread made SCHED_FIFO 5 (allowed), then FIFO 11 and RR 20
 * return EPERM and it stays FIFO 5 (pthread_getschedparam() and the
 * kernel); FIFO 10, the limit, is allowed; RR 11 then EPERM, FIFO 10 kept.
 */
#include "pts_rtprio.h"

static int child(void)
{
	struct sched_param sp = { .sched_priority = 5 };
	pthread_t t = pts_rtprio_thread();

	if (pthread_setschedparam(t, SCHED_FIFO, &sp))
		PTS_UNRES("FIFO 5 under RLIMIT_RTPRIO %d refused", PTS_RTPRIO_LIM);
	pts_rtprio_check(t, SCHED_FIFO, 5, "FIFO 5");
	sp.sched_priority = 11;
	PTS_EXPECT_ERR(pthread_setschedparam(t, SCHED_FIFO, &sp), EPERM,
		       "pthread_setschedparam(FIFO 11) over RLIMIT_RTPRIO 10");
	pts_rtprio_check(t, SCHED_FIFO, 5, "the failed FIFO 11");
	sp.sched_priority = 20;
	PTS_EXPECT_ERR(pthread_setschedparam(t, SCHED_RR, &sp), EPERM,
		       "pthread_setschedparam(RR 20) over RLIMIT_RTPRIO 10");
	pts_rtprio_check(t, SCHED_FIFO, 5, "the failed RR 20");
	sp.sched_priority = PTS_RTPRIO_LIM;
	PTS_EXPECT_ERR(pthread_setschedparam(t, SCHED_FIFO, &sp), 0,
		       "pthread_setschedparam(FIFO 10), at the limit");
	pts_rtprio_check(t, SCHED_FIFO, 10, "FIFO 10");
	sp.sched_priority = 11;
	PTS_EXPECT_ERR(pthread_setschedparam(t, SCHED_RR, &sp), EPERM,
		       "pthread_setschedparam(RR 11) over RLIMIT_RTPRIO 10");
	pts_rtprio_check(t, SCHED_FIFO, 10, "the failed RR 11");
	pts_rtprio_stop(t);
	return PTS_PASS;
}

int main(void)
{
	pts_need_sched_fifo();
	pts_rtprio_in_child(child);
	PTS_PASSED("EPERM above RLIMIT_RTPRIO left the thread's policy and priority");
}
