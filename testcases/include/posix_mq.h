/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers for the POSIX message queue tests (mq_open, mq_unlink,
 * mq_timedsend, mq_timedreceive, mq_notify, mq_getsetattr). Queue names
 * hold the test's name and pid, so copies run in parallel never meet;
 * every name a test creates is unlinked in cleanup. mq_open() works without
 * /dev/mqueue mounted: the kernel has its own internal mount.
 */
#ifndef POSIX_MQ_H
#define POSIX_MQ_H

#include <fcntl.h>
#include <mqueue.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tst_test.h"

#define MQ_NAME_MAX_TEST 64

/* "/ltp_<tag>_<pid>_<n>": call in the test process, not in a child. */
static inline void mq_test_name(char *buf, const char *tag, int n)
{
	snprintf(buf, MQ_NAME_MAX_TEST, "/ltp_%s_%d_%d", tag, (int)getpid(),
		 n);
}

/* Create a new queue (O_EXCL), a set-up step: failure is TBROK. */
static inline mqd_t mq_new(const char *name, int oflag, long maxmsg,
			   long msgsize)
{
	struct mq_attr attr = { .mq_maxmsg = maxmsg, .mq_msgsize = msgsize };
	mqd_t q = mq_open(name, oflag | O_CREAT | O_EXCL, 0600, &attr);

	if (q == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "mq_open(%s, O_CREAT | O_EXCL, "
			"maxmsg %ld, msgsize %ld)", name, maxmsg, msgsize);
	return q;
}

static inline void mq_close_q(mqd_t *q)
{
	if (*q != (mqd_t)-1 && mq_close(*q))
		tst_res(TWARN | TERRNO, "mq_close(%d)", (int)*q);
	*q = (mqd_t)-1;
}

/* For cleanup: unlink a name the test may have left, quietly if gone. */
static inline void mq_unlink_quiet(const char *name)
{
	if (name[0] && mq_unlink(name) && errno != ENOENT)
		tst_res(TWARN | TERRNO, "mq_unlink(%s)", name);
}

static inline struct mq_attr mq_attr_of(mqd_t q)
{
	struct mq_attr attr;

	if (mq_getattr(q, &attr))
		tst_brk(TBROK | TERRNO, "mq_getattr(%d)", (int)q);
	return attr;
}

/* An absolute CLOCK_REALTIME time ms milliseconds from now. */
static inline struct timespec mq_abs_in(long ms)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += ms / 1000;
	ts.tv_nsec += (ms % 1000) * 1000000;
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	return ts;
}

#endif /* POSIX_MQ_H */
