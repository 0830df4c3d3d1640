// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedreceive(), mq_timedsend() and sem_timedwait() with the latest
 * valid deadline, { LONG_MAX, 999999999 }: a valid time (no [EINVAL])
 * that has not passed (no [ETIMEDOUT]) and must not wrap around to one
 * that has. Each call blocks (seen asleep in the kernel) until the
 * event it waits for: a receive on an empty queue gets the message a
 * thread sends, a send to a full queue completes once a thread receives
 * (the queue then holds the new message), a sem_timedwait() at 0
 * returns 0 after a thread's sem_post() (value 0 again).
 */
#include <limits.h>
#include <mqueue.h>
#include <pthread.h>
#include <semaphore.h>
#include <sys/syscall.h>

#include "pts_helpers.h"

static pid_t main_tid;
static mqd_t q;
static sem_t sem;
static long wait_nr;
static char what;

static void *helper(void *arg)
{
	char buf[8];

	(void)arg;
	pts_wait_in_syscall(main_tid, wait_nr);
	switch (what) {
	case 'r':
		if (mq_send(q, "late", 4, 3))
			return (void *)1;
		break;
	case 's':
		if (mq_receive(q, buf, sizeof(buf), NULL) != 4 ||
		    memcmp(buf, "full", 4))
			return (void *)1;
		break;
	case 'p':
		if (sem_post(&sem))
			return (void *)1;
		break;
	}
	return NULL;
}

static void run(char w, long nr, pthread_t *th)
{
	what = w;
	wait_nr = nr;
	if (pthread_create(th, NULL, helper, NULL))
		PTS_UNRES("pthread_create() failed");
}

static void join(pthread_t th)
{
	void *r;

	pthread_join(th, &r);
	if (r)
		PTS_UNRES("the helper's call failed");
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 1, .mq_msgsize = 8 }, g;
	struct timespec max = { LONG_MAX, 999999999 };
	unsigned int prio = 0;
	char name[64], buf[8];
	pthread_t th;
	ssize_t n;
	int v;

	main_tid = pts_gettid();
	snprintf(name, sizeof(name), "/pts_mq_trecv5_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");

	run('r', SYS_mq_timedreceive, &th);
	n = mq_timedreceive(q, buf, sizeof(buf), &prio, &max);
	if (n == -1)
		PTS_FAILED("mq_timedreceive() with { LONG_MAX, 999999999 }: %s",
			   strerrorname_np(errno));
	join(th);
	if (n != 4 || memcmp(buf, "late", 4) || prio != 3)
		PTS_FAILED("received %zd bytes, priority %u; expected \"late\", 3",
			   n, prio);

	if (mq_send(q, "full", 4, 0))
		PTS_UNRES("mq_send(): %m");
	run('s', SYS_mq_timedsend, &th);
	if (mq_timedsend(q, "next", 4, 1, &max))
		PTS_FAILED("mq_timedsend() with { LONG_MAX, 999999999 }: %s",
			   strerrorname_np(errno));
	join(th);
	if (mq_getattr(q, &g) || g.mq_curmsgs != 1 ||
	    mq_receive(q, buf, sizeof(buf), &prio) != 4 ||
	    memcmp(buf, "next", 4) || prio != 1)
		PTS_FAILED("the queue does not hold exactly the timed send's message");

	if (sem_init(&sem, 0, 0))
		PTS_UNRES("sem_init(): %m");
	run('p', SYS_futex, &th);
	if (sem_timedwait(&sem, &max))
		PTS_FAILED("sem_timedwait() with { LONG_MAX, 999999999 }: %s",
			   strerrorname_np(errno));
	join(th);
	if (sem_getvalue(&sem, &v) || v != 0)
		PTS_FAILED("semaphore value %d after the wait, expected 0", v);
	PTS_PASSED("the latest deadline is waited for, not refused nor passed");
}
