// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_receive(): "Upon successful completion, mq_receive() shall return
 * the length of the selected message in bytes", the message is
 * removed, and "If msg_prio is not NULL, the priority of the selected
 * message shall be stored in the location referenced by msg_prio". For
 * messages of 0 bytes, 1 byte, 77 bytes and exactly mq_msgsize (128)
 * bytes, each with its own priority (including MQ_PRIO_MAX - 1 and 0),
 * the length returned and the bytes are exactly the message's, the
 * buffer past the length (msg_len larger than mq_msgsize) is left
 * untouched, the priority is stored (and a NULL msg_prio is allowed),
 * and mq_curmsgs counts down to 0.
 */
#include <mqueue.h>

#include "pts_helpers.h"

#define MSGSIZE 128

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 8, .mq_msgsize = MSGSIZE };
	size_t lens[4] = { 0, 1, 77, MSGSIZE };
	unsigned int prios[4] = { 0, 0, 5, 0 }, pr;
	char msg[MSGSIZE], buf[MSGSIZE + 64], name[64];
	mqd_t q;
	ssize_t n;
	int i, j;

	prios[0] = sysconf(_SC_MQ_PRIO_MAX) - 1;	/* received first */
	prios[1] = 31;
	prios[3] = 0;	/* received last */
	snprintf(name, sizeof(name), "/pts_mq_recv3_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %s", strerror(errno));
	for (i = 0; i < 4; i++) {
		for (j = 0; j < (int)lens[i]; j++)
			msg[j] = (char)(i * 50 + j);
		if (mq_send(q, msg, lens[i], prios[i]))
			PTS_UNRES("mq_send(%zu bytes): %s", lens[i], strerror(errno));
	}
	for (i = 0; i < 4; i++) {
		memset(buf, 0xa5, sizeof(buf));
		pr = 12345;
		n = mq_receive(q, buf, sizeof(buf), i == 2 ? NULL : &pr);
		if (n != (ssize_t)lens[i])
			PTS_FAILED("message %d: returned %zd, expected its length %zu (%s)",
				   i, n, lens[i], n < 0 ? strerror(errno) : "");
		for (j = 0; j < (int)lens[i]; j++)
			if (buf[j] != (char)(i * 50 + j))
				PTS_FAILED("message %d: byte %d differs", i, j);
		for (j = lens[i]; j < (int)sizeof(buf); j++)
			if ((unsigned char)buf[j] != 0xa5)
				PTS_FAILED("message %d (%zu bytes): buffer byte %d overwritten",
					   i, lens[i], j);
		if (i != 2 && pr != prios[i])
			PTS_FAILED("message %d: priority %u stored, expected %u", i, pr,
				   prios[i]);
		mq_getattr(q, &at);
		if (at.mq_curmsgs != 3 - i)
			PTS_FAILED("mq_curmsgs %ld after %d receives", at.mq_curmsgs, i + 1);
	}
	PTS_PASSED("lengths (0, 1, 77, mq_msgsize), bytes and priorities returned exactly");
}
