// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_getattr(): mq_maxmsg and mq_msgsize are those set when the queue
 * was created. Read back through the creating descriptor and through a
 * second open without attr, for the smallest geometry (1 x 1), an odd
 * one (7 x 1000) and the largest an unprivileged creator may ask for
 * (/proc/sys/fs/mqueue/msg_max x msgsize_max, read, never written);
 * mq_flags is 0 for a blocking and O_NONBLOCK for a non-blocking open.
 */
#include "pts_mqsem.h"

static long proc_long(const char *path)
{
	FILE *f = fopen(path, "r");
	long v;

	if (!f || fscanf(f, "%ld", &v) != 1)
		PTS_UNRES("cannot read %s", path);
	fclose(f);
	return v;
}

static void check(long maxmsg, long msgsize)
{
	struct mq_attr at = { .mq_maxmsg = maxmsg, .mq_msgsize = msgsize }, got;
	char name[64];
	mqd_t q, q2;

	pts_ipc_name(name, sizeof(name), "mqga3");
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(%ld x %ld): %m", maxmsg, msgsize);
	q2 = mq_open(name, O_RDONLY | O_NONBLOCK);
	mq_unlink(name);
	if (q2 == (mqd_t)-1)
		PTS_UNRES("second mq_open(): %m");
	memset(&got, 0x55, sizeof(got));
	if (mq_getattr(q, &got))
		PTS_FAILED("mq_getattr(): %m");
	if (got.mq_maxmsg != maxmsg || got.mq_msgsize != msgsize ||
	    got.mq_flags != 0 || got.mq_curmsgs != 0)
		PTS_FAILED("creator reads %ld x %ld flags %#lx cur %ld, expected %ld x %ld, 0, 0",
			   got.mq_maxmsg, got.mq_msgsize, got.mq_flags,
			   got.mq_curmsgs, maxmsg, msgsize);
	memset(&got, 0x55, sizeof(got));
	if (mq_getattr(q2, &got))
		PTS_FAILED("mq_getattr(second): %m");
	if (got.mq_maxmsg != maxmsg || got.mq_msgsize != msgsize ||
	    got.mq_flags != O_NONBLOCK)
		PTS_FAILED("second open reads %ld x %ld flags %#lx, expected %ld x %ld, O_NONBLOCK",
			   got.mq_maxmsg, got.mq_msgsize, got.mq_flags, maxmsg,
			   msgsize);
	mq_close(q);
	mq_close(q2);
}

int main(void)
{
	long mmax = proc_long("/proc/sys/fs/mqueue/msg_max");
	long smax = proc_long("/proc/sys/fs/mqueue/msgsize_max");

	check(1, 1);
	check(7, 1000);
	check(mmax, smax);
	printf("msg_max %ld, msgsize_max %ld\n", mmax, smax);
	PTS_PASSED("mq_maxmsg/mq_msgsize as created, mq_flags per open");
}
