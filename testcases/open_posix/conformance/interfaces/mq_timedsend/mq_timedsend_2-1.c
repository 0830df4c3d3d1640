// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend()/mq_timedreceive(): [EINVAL] is only for "a nanoseconds
 * field value less than zero or greater than or equal to 1000 million"
 * when the call would block; a deadline of tv_sec -1, tv_nsec 0 (one
 * second before the Epoch, a valid time long past) must end a send to a
 * full queue and a receive from an empty one with [ETIMEDOUT]. Linux
 * rejects any timespec with a negative tv_sec with EINVAL
 * (timespec64_valid()): reported as a known issue, TCONF, never a pass;
 * any other result fails. The queue is unchanged either way.
 */
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 1, .mq_msgsize = 8 }, g;
	struct timespec past = { -1, 0 };
	char name[64], buf[8];
	int er, es;
	mqd_t q;

	snprintf(name, sizeof(name), "/pts_mq_tsend2_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	errno = 0;
	if (mq_timedreceive(q, buf, sizeof(buf), NULL, &past) != -1)
		PTS_FAILED("mq_timedreceive() from an empty queue succeeded");
	er = errno;
	if (mq_send(q, "full", 4, 0))
		PTS_UNRES("mq_send(): %m");
	errno = 0;
	if (mq_timedsend(q, "late", 4, 0, &past) != -1)
		PTS_FAILED("mq_timedsend() to a full queue succeeded");
	es = errno;
	printf("deadline tv_sec -1: mq_timedreceive() %s, mq_timedsend() %s\n",
	       strerrorname_np(er), strerrorname_np(es));
	mq_getattr(q, &g);
	if (g.mq_curmsgs != 1 || mq_receive(q, buf, sizeof(buf), NULL) != 4 ||
	    memcmp(buf, "full", 4))
		PTS_FAILED("the queue changed");
	if ((er != ETIMEDOUT && er != EINVAL) || (es != ETIMEDOUT && es != EINVAL))
		PTS_FAILED("expected ETIMEDOUT");
	if (er == EINVAL || es == EINVAL)
		PTS_KNOWN_ISSUE("mq_timedsend/mq_timedreceive pre-Epoch deadline",
				"a valid deadline with tv_sec < 0 is refused with EINVAL");
	PTS_PASSED("a deadline before the Epoch times out");
}
