// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_unlink() (and mq_open()) fail with [ENAMETOOLONG] when "a
 * pathname component is longer than {NAME_MAX}", and only then: a
 * name of exactly NAME_MAX characters after the slash is created,
 * receives a message, and is unlinked (mq_open() without O_CREAT then
 * [ENOENT]); one character more is refused with [ENAMETOOLONG] by
 * mq_open(O_CREAT) and mq_unlink(), and nothing was created under the
 * shorter prefix of it.
 */
#include <limits.h>
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 8 };
	char name[NAME_MAX + 3], buf[8];
	int len;
	mqd_t q;

	/* "/" + a pid-unique tag + padding to exactly NAME_MAX characters */
	len = snprintf(name, sizeof(name), "/pts_mq_unlink6_%d_", (int)getpid());
	memset(name + len, 'x', NAME_MAX + 1 - len);
	name[NAME_MAX + 1] = '\0';
	if (strlen(name + 1) != NAME_MAX)
		PTS_UNRES("name length %zu", strlen(name + 1));

	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (q == (mqd_t)-1)
		PTS_FAILED("mq_open() of a NAME_MAX name: %m");
	if (mq_send(q, "max", 3, 0) || mq_receive(q, buf, sizeof(buf), NULL) != 3) {
		mq_unlink(name);
		PTS_FAILED("send/receive on the NAME_MAX queue: %m");
	}
	if (mq_unlink(name))
		PTS_FAILED("mq_unlink() of a NAME_MAX name: %m");
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR), ENOENT,
			 "mq_open() of the unlinked NAME_MAX name");
	mq_close(q);

	/* one more character: NAME_MAX + 1 after the slash */
	name[NAME_MAX + 1] = 'y';
	name[NAME_MAX + 2] = '\0';
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR | O_CREAT, 0600, &at), ENAMETOOLONG,
			 "mq_open(O_CREAT) of a NAME_MAX + 1 name");
	PTS_EXPECT_ERRNO(mq_unlink(name), ENAMETOOLONG,
			 "mq_unlink() of a NAME_MAX + 1 name");
	name[NAME_MAX + 1] = '\0';
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR), ENOENT,
			 "the NAME_MAX prefix after the refused create");
	PTS_PASSED("NAME_MAX works, NAME_MAX + 1 ENAMETOOLONG for mq_open() and mq_unlink()");
}
