// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend(): on a full queue without O_NONBLOCK the call blocks
 * until it can place the message. A thread's mq_timedsend() (deadline
 * an hour ahead) is found asleep in the system call and still queued
 * nothing (mq_curmsgs 2); one receive lets it return 0, and its message
 * is queued after the remaining one of the same priority.
 */
#include <pthread.h>
#include <sys/syscall.h>

#include "pts_mqsem.h"
#include "pts_blocked.h"

static mqd_t q;

static void *sender(void *arg)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);

	(void)arg;
	return (void *)(long)(mq_timedsend(q, "new", 3, 1, &dl) ? errno : 0);
}

int main(void)
{
	struct pts_blocked b;
	long r;

	q = pts_mq_new(2, 4, 0);
	pts_mq_fill(q);
	pts_start_blocked(&b, sender, NULL, SYS_mq_timedsend);
	pts_mq_expect_count(q, 2, "while the sender sleeps");
	pts_mq_expect_msg(q, "a", 1, 1, "1st");
	r = pts_join_long(b.t);
	if (r)
		PTS_FAILED("the blocked mq_timedsend() failed: %s", strerrorname_np(r));
	pts_mq_expect_msg(q, "b", 1, 1, "2nd");
	pts_mq_expect_msg(q, "new", 3, 1, "the blocked sender's");
	PTS_PASSED("blocked until room, then queued");
}
