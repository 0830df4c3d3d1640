// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send() [EBADF]: mqdes is not a valid message queue descriptor open
 * for writing. -1, INT_MAX, a closed queue descriptor and a pipe's
 * write end fail with EBADF, nothing reaching the pipe (its read end
 * then finds no data).
 */
#include "pts_mqsem.h"

int main(void)
{
	mqd_t bad[PTS_BAD_MQDS];
	const char *what[PTS_BAD_MQDS];
	int p[2], i;
	char c;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	pts_bad_mqds(bad, what);
	bad[3] = (mqd_t)p[1];
	what[3] = "a pipe's write end";
	for (i = 0; i < PTS_BAD_MQDS; i++)
		PTS_EXPECT_ERRNO(mq_send(bad[i], "z", 1, 0), EBADF, what[i]);
	PTS_EXPECT_ERRNO(read(p[0], &c, 1), EAGAIN, "the pipe afterwards");
	PTS_PASSED("EBADF for -1, INT_MAX, a closed descriptor and a pipe");
}
