// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open() [ENOENT]: O_CREAT is not set and the named queue does not
 * exist. A name never created fails with ENOENT for O_RDONLY,
 * O_WRONLY, O_RDWR and O_RDWR | O_NONBLOCK, and so does the name of a
 * queue after mq_unlink() although a descriptor of it is still open
 * (which keeps working).
 */
#include "pts_mqsem.h"

int main(void)
{
	static const int modes[] = { O_RDONLY, O_WRONLY, O_RDWR,
				     O_RDWR | O_NONBLOCK };
	char name[64];
	unsigned int i;
	mqd_t q;

	pts_ipc_name(name, sizeof(name), "mqo29");
	for (i = 0; i < 4; i++)
		PTS_EXPECT_ERRNO(mq_open(name, modes[i]), ENOENT, "never created");
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, NULL);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_unlink(name))
		PTS_UNRES("mq_unlink(): %m");
	for (i = 0; i < 4; i++)
		PTS_EXPECT_ERRNO(mq_open(name, modes[i]), ENOENT, "unlinked, still open");
	if (mq_send(q, "alive", 5, 0))
		PTS_FAILED("the open descriptor: %m");
	pts_mq_expect_msg(q, "alive", 5, 0, "unlinked queue");
	PTS_PASSED("ENOENT without O_CREAT for a missing and an unlinked name");
}
