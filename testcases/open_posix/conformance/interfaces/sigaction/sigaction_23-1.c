// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SA_RESTART: "if a function specified as interruptible is interrupted
 * by this signal, the function shall restart and shall not fail with
 * [EINTR]". A thread blocked in mq_receive() on an empty queue, one in
 * mq_timedreceive() there (deadline an hour ahead), one in mq_send() on
 * a full queue and one in sem_wait() each take a SIGUSR1
 * caught with SA_RESTART (pthread_kill(), the handler seen to run in
 * that thread): each is asleep in the kernel again afterwards, not
 * returned, and completes normally once the queue gets a message, gets
 * room, or the semaphore is posted: the message received whole, the
 * blocked message queued after the other one, sem_wait() 0.
 */
#include <mqueue.h>
#include <pthread.h>
#include <semaphore.h>

#include "pts_helpers.h"
#include "pts_sarestart.h"

static mqd_t qr, qs;
static sem_t sem;

static void *do_receive(void *arg)
{
	struct pts_op *o = arg;
	char buf[16];

	o->tid = pts_gettid();
	o->ret = mq_receive(qr, buf, sizeof(buf), NULL);
	o->err = errno;
	if (o->ret == 4 && memcmp(buf, "data", 4))
		o->ret = -2;
	o->returned = 1;
	return NULL;
}

static void *do_timedreceive(void *arg)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	struct pts_op *o = arg;
	char buf[16];

	o->tid = pts_gettid();
	o->ret = mq_timedreceive(qr, buf, sizeof(buf), NULL, &dl);
	o->err = errno;
	if (o->ret == 4 && memcmp(buf, "data", 4))
		o->ret = -2;
	o->returned = 1;
	return NULL;
}

static void *do_send(void *arg)
{
	struct pts_op *o = arg;

	o->tid = pts_gettid();
	o->ret = mq_send(qs, "late", 4, 0);
	o->err = errno;
	o->returned = 1;
	return NULL;
}

static void *do_sem(void *arg)
{
	struct pts_op *o = arg;

	o->tid = pts_gettid();
	o->ret = sem_wait(&sem);
	o->err = errno;
	o->returned = 1;
	return NULL;
}

static void complete(struct pts_op *o)
{
	char buf[16];

	if (o->fn == do_receive || o->fn == do_timedreceive) {
		if (mq_send(qr, "data", 4, 0))
			PTS_UNRES("mq_send(): %m");
	} else if (o->fn == do_send) {
		if (mq_receive(qs, buf, sizeof(buf), NULL) != 5 ||
		    memcmp(buf, "first", 5))
			PTS_UNRES("mq_receive() of the first message: %m");
	} else if (sem_post(&sem)) {
		PTS_UNRES("sem_post(): %m");
	}
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 1, .mq_msgsize = 8 };
	struct pts_op ops[] = {
		{ "mq_receive()", SYS_mq_timedreceive, do_receive, 0, 0, 0, 0 },
		{ "mq_timedreceive()", SYS_mq_timedreceive, do_timedreceive, 0, 0, 0, 0 },
		{ "mq_send()", SYS_mq_timedsend, do_send, 0, 0, 0, 0 },
		{ "sem_wait()", SYS_futex, do_sem, 0, 0, 0, 0 },
	};
	char name[64], buf[16];
	unsigned int i;
	pthread_t t;

	pts_sa_restart_usr1();
	snprintf(name, sizeof(name), "/pts_sigaction23r_%d", (int)getpid());
	qr = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	snprintf(name, sizeof(name), "/pts_sigaction23s_%d", (int)getpid());
	qs = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (qr == (mqd_t)-1 || qs == (mqd_t)-1 || sem_init(&sem, 0, 0) ||
	    mq_send(qs, "first", 5, 0))
		PTS_UNRES("set-up: %m");

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		struct pts_op *o = &ops[i];

		pts_op_interrupt(o, &t);
		complete(o);
		pthread_join(t, NULL);
		if (o->ret != (o->fn == do_send || o->fn == do_sem ? 0 : 4))
			PTS_FAILED("%s completed with %ld after the restart", o->name,
				   o->ret);
	}
	if (mq_receive(qs, buf, sizeof(buf), NULL) != 4 || memcmp(buf, "late", 4))
		PTS_FAILED("the restarted mq_send()'s message is not in the queue");
	PTS_PASSED("SA_RESTART restarts blocked mq_receive(), mq_timedreceive(), mq_send(), sem_wait()");
}
