// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_close() [EBADF]: "The mqdes argument is not a valid message queue
 * descriptor." -1, INT_MAX and a descriptor already closed each fail
 * with -1 and EBADF; so does a second mq_close() of a descriptor whose
 * first close succeeded. (A descriptor open on another kind of file is
 * left out: on Linux mq_close() is close(), which closes it.)
 */
#include "pts_mqsem.h"

int main(void)
{
	mqd_t bad[PTS_BAD_MQDS], q;
	const char *what[PTS_BAD_MQDS];
	int i;

	pts_bad_mqds(bad, what);
	for (i = 0; i < 3; i++)
		PTS_EXPECT_ERRNO(mq_close(bad[i]), EBADF, what[i]);
	q = pts_mq_new(2, 8, 0);
	if (mq_close(q))
		PTS_FAILED("first mq_close(): %m");
	PTS_EXPECT_ERRNO(mq_close(q), EBADF, "second mq_close() of one descriptor");
	PTS_PASSED("EBADF for -1, INT_MAX, a closed and a twice-closed descriptor");
}
