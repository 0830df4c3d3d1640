// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send(): messages of equal priority are placed "after other
 * messages in the queue with equal priority", and a sender on a full
 * queue blocks until it can place its message. Four processes each
 * send 300 numbered messages of priority 1 to a queue of 4 slots,
 * blocking most of the time; the parent receives until it has 1,200:
 * every message arrives exactly once, and each sender's numbers come
 * in the order sent. A last message of priority 2 sent behind two
 * queued priority 1 ones is received first.
 */
#include <mqueue.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

#define NPROC 4
#define PER 300

static mqd_t q;
static int me;

static int sender(void)
{
	int msg[2], i;

	for (i = 0; i < PER; i++) {
		msg[0] = me;
		msg[1] = i;
		if (mq_send(q, (char *)msg, sizeof(msg), 1))
			PTS_FAILED("sender %d: mq_send(%d): %m", me, i);
	}
	return PTS_PASS;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 2 * sizeof(int) };
	struct timespec dl;
	int next[NPROC] = { 0 }, msg[2], i;
	unsigned int prio;
	pid_t pid[NPROC];
	char name[64];

	snprintf(name, sizeof(name), "/pts_mq_send32_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	for (me = 0; me < NPROC; me++)
		pid[me] = pts_fork_fn(sender);
	dl = pts_deadline(CLOCK_REALTIME, pts_bound_ns(120));
	for (i = 0; i < NPROC * PER; i++) {
		if (mq_timedreceive(q, (char *)msg, sizeof(msg), &prio, &dl) !=
		    sizeof(msg)) {
			for (me = 0; me < NPROC; me++)
				kill(pid[me], SIGKILL);
			PTS_FAILED("receive %d: %m", i);
		}
		if (prio != 1 || msg[0] < 0 || msg[0] >= NPROC ||
		    msg[1] != next[msg[0]])
			PTS_FAILED("receive %d: sender %d number %d prio %u, expected number %d",
				   i, msg[0], msg[1], prio,
				   msg[0] >= 0 && msg[0] < NPROC ? next[msg[0]] : -1);
		next[msg[0]]++;
	}
	for (me = 0; me < NPROC; me++)
		pts_reap(pid[me], "a sender");

	msg[0] = msg[1] = 7;
	if (mq_send(q, (char *)msg, sizeof(msg), 1) ||
	    mq_send(q, (char *)msg, sizeof(msg), 1))
		PTS_UNRES("mq_send(): %m");
	msg[0] = msg[1] = 9;
	if (mq_send(q, (char *)msg, sizeof(msg), 2))
		PTS_UNRES("mq_send(): %m");
	if (mq_receive(q, (char *)msg, sizeof(msg), &prio) != sizeof(msg) ||
	    prio != 2 || msg[0] != 9)
		PTS_FAILED("the priority 2 message was not received before the two priority 1 ones");
	PTS_PASSED("%d messages from %d blocked senders, each once, per-sender FIFO",
		   NPROC * PER, NPROC);
}
