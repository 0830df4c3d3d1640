// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_setattr() [EBADF]: mqdes is not a valid message queue descriptor.
 * -1, INT_MAX, a closed queue descriptor and a pipe's descriptor fail
 * with EBADF, setting O_NONBLOCK and with omqstat given; omqstat is
 * not written, and the pipe's own file status flags are not changed
 * (F_GETFL still without O_NONBLOCK).
 */
#include "pts_mqsem.h"

int main(void)
{
	struct mq_attr nb = { .mq_flags = O_NONBLOCK }, old;
	mqd_t bad[PTS_BAD_MQDS];
	const char *what[PTS_BAD_MQDS];
	int i, fl;

	pts_bad_mqds(bad, what);
	for (i = 0; i < PTS_BAD_MQDS; i++) {
		memset(&old, 0x5a, sizeof(old));
		PTS_EXPECT_ERRNO(mq_setattr(bad[i], &nb, &old), EBADF, what[i]);
		if (old.mq_maxmsg != 0x5a5a5a5a5a5a5a5aL)
			PTS_FAILED("%s: omqstat written", what[i]);
	}
	fl = fcntl((int)bad[3], F_GETFL);
	if (fl == -1 || (fl & O_NONBLOCK))
		PTS_FAILED("the pipe's flags changed: %#x", fl);
	PTS_PASSED("EBADF for four bad descriptors, nothing changed");
}
