// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open() O_RDWR: the descriptor may be used both to send and to
 * receive, and a queue may be opened more than once, in the same and in
 * another process, for sending. One O_RDWR descriptor sends and
 * receives; a second O_WRONLY open of this process and a child's own
 * O_WRONLY open add their messages to the same queue: all three are
 * then received through the O_RDWR descriptor, in priority order.
 */
#include "pts_mqsem.h"
#include "pts_sigkit.h"

static char name[64];

static int child(void)
{
	mqd_t w = mq_open(name, O_WRONLY);

	if (w == (mqd_t)-1)
		PTS_FAILED("child's O_WRONLY open: %m");
	if (mq_send(w, "child", 5, 2))
		PTS_FAILED("child's send: %m");
	return PTS_PASS;
}

int main(void)
{
	mqd_t q, w;

	pts_ipc_name(name, sizeof(name), "mqo9");
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, NULL);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_send(q, "self", 4, 0))
		PTS_FAILED("send through O_RDWR: %m");
	pts_mq_expect_msg(q, "self", 4, 0, "receive through O_RDWR");
	w = mq_open(name, O_WRONLY);
	if (w == (mqd_t)-1)
		PTS_FAILED("second open, O_WRONLY: %m");
	if (mq_send(w, "second", 6, 1) || mq_send(q, "first", 5, 3))
		PTS_FAILED("send: %m");
	pts_reap(pts_fork_fn(child), "child");
	mq_unlink(name);
	pts_mq_expect_count(q, 3, "three senders");
	pts_mq_expect_msg(q, "first", 5, 3, "1st");
	pts_mq_expect_msg(q, "child", 5, 2, "2nd");
	pts_mq_expect_msg(q, "second", 6, 1, "3rd");
	PTS_PASSED("O_RDWR sends and receives, three opens feed one queue");
}
