// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send(): "If more than one thread is waiting to send when space
 * becomes available in the message queue and the Priority Scheduling
 * option is supported, then the thread of the highest priority that has
 * been waiting the longest shall be unblocked to send its message." A
 * queue of one message is full; four SCHED_FIFO processes of priorities
 * 10, 30, 20, 30 block sending (all with message priority 0) in that
 * order, each seen asleep before the next starts. Each receive makes room
 * for one sender: the messages come out as the one that filled the queue,
 * then those of the second, fourth, third and first sender.
 */
#include <mqueue.h>
#include <sched.h>

#include "pts_helpers.h"

#define N 4

static const int prio[N] = { 10, 30, 20, 30 };

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 1, .mq_msgsize = 8 };
	const char *expect = "x2431";
	struct sched_param sp;
	char name[64], msg[8], seen[N + 2] = "";
	pid_t pid[N];
	int i;
	mqd_t q, r;

	pts_need_sched_fifo();
	snprintf(name, sizeof(name), "/pts_mq_send4_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	/* the parent receives without blocking, through its own description */
	r = mq_open(name, O_RDONLY | O_NONBLOCK);
	mq_unlink(name);
	if (q == (mqd_t)-1 || r == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_send(q, "x", 1, 0))
		PTS_UNRES("mq_send(): %m");
	for (i = 0; i < N; i++) {
		fflush(stdout);
		pid[i] = fork();
		if (pid[i] < 0)
			PTS_UNRES("fork(): %m");
		if (!pid[i]) {
			sp.sched_priority = prio[i];
			msg[0] = '1' + i;
			if (sched_setscheduler(0, SCHED_FIFO, &sp))
				_exit(PTS_UNRESOLVED);
			_exit(mq_send(q, msg, 1, 0) ? PTS_FAIL : PTS_PASS);
		}
		pts_wait_in_syscall(pid[i], SYS_mq_timedsend);
	}
	/* each receive moves the chosen sender's message into the queue */
	for (i = 0; i < N + 1; i++) {
		if (mq_receive(r, msg, sizeof(msg), NULL) != 1)
			PTS_FAILED("receive %d: %m (no sender's message moved in)",
				   i + 1);
		seen[i] = msg[0];
	}
	for (i = 0; i < N; i++)
		pts_reap(pid[i], "sender");
	printf("messages received in order: %s (senders' priorities 10 30 20 30)\n",
	       seen);
	if (strcmp(seen, expect))
		PTS_FAILED("order %s, expected %s", seen, expect);
	PTS_PASSED("highest priority sender first, the longest waiting among equals");
}
