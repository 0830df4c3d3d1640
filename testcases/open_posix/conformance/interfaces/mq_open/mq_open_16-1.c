// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open(): the existence check and creation of O_CREAT | O_EXCL are
 * atomic with respect to other threads doing the same. Eight threads
 * released together by a barrier, 50 rounds each on a fresh name:
 * exactly one thread creates the queue per round, the seven others get
 * [EEXIST] (never another error), and the creator's geometry (its
 * thread number as mq_maxmsg) is the queue's.
 */
#include <pthread.h>

#include "pts_mqsem.h"

#define THREADS 8
#define ROUNDS 50

static pthread_barrier_t bar;
static char name[64];
static volatile int created[THREADS], other_err;
static mqd_t qd[THREADS];

static void *opener(void *arg)
{
	long me = (long)arg;
	struct mq_attr at = { .mq_maxmsg = me + 1, .mq_msgsize = 8 };
	int r;

	for (r = 0; r < ROUNDS; r++) {
		pthread_barrier_wait(&bar);
		qd[me] = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
		created[me] = qd[me] != (mqd_t)-1;
		if (!created[me] && errno != EEXIST)
			other_err = errno;
		pthread_barrier_wait(&bar);
		pthread_barrier_wait(&bar);	/* main checks the round */
	}
	return NULL;
}

int main(void)
{
	pthread_t t[THREADS];
	struct mq_attr at;
	long i;
	int r, n, who = -1;

	pts_ipc_name(name, sizeof(name), "mqo16");
	pthread_barrier_init(&bar, NULL, THREADS + 1);
	for (i = 0; i < THREADS; i++)
		if (pthread_create(&t[i], NULL, opener, (void *)i))
			PTS_UNRES("pthread_create()");
	for (r = 0; r < ROUNDS; r++) {
		pthread_barrier_wait(&bar);
		pthread_barrier_wait(&bar);
		mq_unlink(name);
		for (i = n = 0; i < THREADS; i++)
			if (created[i]) {
				n++;
				who = i;
			}
		if (other_err)
			PTS_FAILED("round %d: an opener got %s, not EEXIST", r,
				   strerrorname_np(other_err));
		if (n != 1)
			PTS_FAILED("round %d: %d creators, expected 1", r, n);
		if (mq_getattr(qd[who], &at) || at.mq_maxmsg != who + 1)
			PTS_FAILED("round %d: maxmsg %ld, the creator's is %d", r,
				   at.mq_maxmsg, who + 1);
		mq_close(qd[who]);
		pthread_barrier_wait(&bar);
	}
	for (i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	PTS_PASSED("one creator and seven EEXIST in each of 50 rounds");
}
