// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open() [EINVAL]: O_CREAT with attr whose mq_maxmsg or mq_msgsize
 * is less than or equal to zero. 0, -1 and LONG_MIN in either field
 * fail with EINVAL, and so do sizes above what even a privileged
 * creator may ask for (Linux: 65536 messages, 16 MiB; ipc/mqueue.c
 * HARD_MSGMAX, HARD_MSGSIZEMAX); 1 x 1 succeeds. No failed call
 * creates the queue (mq_unlink() ENOENT).
 */
#include "pts_mqsem.h"

int main(void)
{
	static const long bad[][2] = {
		{ 0, 8 }, { -1, 8 }, { LONG_MIN, 8 },
		{ 4, 0 }, { 4, -1 }, { 4, LONG_MIN }, { 0, 0 },
		{ 65537, 8 }, { 4, 16 * 1024 * 1024 + 1 },
	};
	struct mq_attr at;
	char name[64];
	unsigned int i;
	mqd_t q;

	pts_ipc_name(name, sizeof(name), "mqo25");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&at, 0, sizeof(at));
		at.mq_maxmsg = bad[i][0];
		at.mq_msgsize = bad[i][1];
		errno = 0;
		q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
		if (q != (mqd_t)-1 || errno != EINVAL) {
			mq_unlink(name);
			PTS_FAILED("%ld x %ld: returned %d, %m; expected EINVAL",
				   bad[i][0], bad[i][1], (int)q);
		}
		PTS_EXPECT_ERRNO(mq_unlink(name), ENOENT, "after a refused create");
	}
	at.mq_maxmsg = at.mq_msgsize = 1;
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_FAILED("1 x 1: %m");
	PTS_PASSED("EINVAL for nine bad geometries, nothing created");
}
