// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_receive() [EBADF]: mqdes is not a valid message queue descriptor
 * open for reading. -1, INT_MAX, a closed queue descriptor and a pipe's
 * descriptor (holding a byte) fail with EBADF; the pipe's byte is still
 * there for read() afterwards.
 */
#include "pts_mqsem.h"

int main(void)
{
	mqd_t bad[PTS_BAD_MQDS];
	const char *what[PTS_BAD_MQDS];
	int p[2], i;
	char buf[16];

	if (pipe(p) || write(p[1], "P", 1) != 1)
		PTS_UNRES("pipe: %m");
	pts_bad_mqds(bad, what);
	bad[3] = (mqd_t)p[0];
	for (i = 0; i < PTS_BAD_MQDS; i++)
		PTS_EXPECT_ERRNO(mq_receive(bad[i], buf, sizeof(buf), NULL), EBADF,
				 what[i]);
	if (read(p[0], buf, sizeof(buf)) != 1 || buf[0] != 'P')
		PTS_FAILED("the pipe's byte was consumed");
	PTS_PASSED("EBADF for -1, INT_MAX, a closed descriptor and a pipe");
}
