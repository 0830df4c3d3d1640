// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_receive(): "If more than one thread is waiting to receive a message
 * when a message arrives at an empty queue and the Priority Scheduling
 * option is supported, then the thread of highest priority that has been
 * waiting the longest shall be selected to receive the message." Four
 * SCHED_FIFO processes of priorities 10, 30, 20, 30 block receiving on
 * an empty queue in that order (each seen asleep in the call before the
 * next starts); four messages sent one after another go to the second,
 * the fourth, the third and the first.
 */
#include <mqueue.h>
#include <sched.h>
#include <sys/mman.h>

#include "pts_helpers.h"

#define N 4

static const int prio[N] = { 10, 30, 20, 30 };
/* the message each receiver gets */
static const char expect[N] = { '4', '1', '3', '2' };

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 8 };
	struct sched_param sp;
	long long end;
	char name[64], msg[8], *got;
	pid_t pid[N];
	int i, status, bad = 0;
	mqd_t q;

	got = mmap(NULL, N, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		   -1, 0);
	if (got == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	pts_need_sched_fifo();
	snprintf(name, sizeof(name), "/pts_mq_recv2_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	for (i = 0; i < N; i++) {
		fflush(stdout);
		pid[i] = fork();
		if (pid[i] < 0)
			PTS_UNRES("fork(): %m");
		if (!pid[i]) {
			sp.sched_priority = prio[i];
			if (sched_setscheduler(0, SCHED_FIFO, &sp))
				_exit(PTS_UNRESOLVED);
			if (mq_receive(q, msg, sizeof(msg), NULL) != 1)
				_exit(PTS_FAIL);
			got[i] = msg[0];
			_exit(PTS_PASS);
		}
		pts_wait_in_syscall(pid[i], SYS_mq_timedreceive);
	}
	/* each send hands its message to the chosen waiter at once */
	for (i = 0; i < N; i++) {
		msg[0] = '1' + i;
		if (mq_send(q, msg, 1, 0))
			PTS_UNRES("mq_send(): %m");
	}
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	for (i = 0; i < N; i++) {
		while (waitpid(pid[i], &status, WNOHANG) == 0) {
			if (pts_now(CLOCK_MONOTONIC) > end)
				PTS_FAILED("receiver %d never returned", i + 1);
			pts_nap();
		}
		if (!WIFEXITED(status) || WEXITSTATUS(status) != PTS_PASS)
			PTS_UNRES("receiver %d ended with status 0x%x", i + 1,
				  status);
	}
	for (i = 0; i < N; i++) {
		printf("receiver %d (priority %d, blocked %d.) got message %c\n",
		       i + 1, prio[i], i + 1, got[i]);
		if (got[i] != expect[i])
			bad = 1;
	}
	if (bad)
		PTS_FAILED("messages 1, 2, 3, 4 should go to receivers 2, 4, 3, 1");
	PTS_PASSED("highest priority receiver first, the longest waiting among equals");
}
