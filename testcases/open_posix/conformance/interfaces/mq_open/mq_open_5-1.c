// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open(): "If O_EXCL and O_CREAT are set, mq_open() shall fail if the
 * message queue name exists. The check for the existence of the message
 * queue and the creation of the queue if it does not exist shall be
 * atomic with respect to other threads executing mq_open() naming the
 * same name with O_EXCL and O_CREAT set." Eight processes released
 * together: exactly one creates the queue, seven get [EEXIST]; five
 * rounds.
 */
#include <mqueue.h>

#include "pts_excl.h"

static int create(const char *name)
{
	struct mq_attr a = { .mq_maxmsg = 2, .mq_msgsize = 16 };
	mqd_t q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &a);

	if (q == (mqd_t)-1)
		return errno;
	mq_close(q);
	return 0;
}

int main(void)
{
	char name[64];
	int i, r;

	snprintf(name, sizeof(name), "/pts_mq_open5_%d", (int)getpid());
	for (i = 0; i < 5; i++) {
		r = pts_excl_race(create, name);
		mq_unlink(name);
		if (r)
			PTS_FAILED("round %d: not exactly one creator", i + 1);
	}
	PTS_PASSED("one creator per round, the rest EEXIST");
}
