// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open() limits: for an unprivileged process a queue whose mq_maxmsg
 * exceeds /proc/sys/fs/mqueue/msg_max, or whose mq_msgsize exceeds
 * msgsize_max, fails with [EINVAL]; exactly the maxima succeed (as
 * nobody, where CAP_SYS_RESOURCE does not lift the limits). A queue
 * created by root with mode 0600 cannot be opened by nobody: [EACCES].
 */
#include <mqueue.h>

#include "pts_helpers.h"

static long msg_max, msgsize_max;
static char name[64], rootq[64];

static long rd(const char *path)
{
	long v = -1;
	FILE *f = fopen(path, "r");

	if (!f || fscanf(f, "%ld", &v) != 1)
		PTS_UNSUPP("cannot read %s", path);
	fclose(f);
	return v;
}

static int child(void)
{
	struct mq_attr at = { .mq_maxmsg = msg_max, .mq_msgsize = 16 };
	mqd_t q;

	at.mq_maxmsg = msg_max + 1;
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR | O_CREAT, 0600, &at), EINVAL,
			 "mq_maxmsg msg_max + 1");
	at.mq_maxmsg = 2;
	at.mq_msgsize = msgsize_max + 1;
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR | O_CREAT, 0600, &at), EINVAL,
			 "mq_msgsize msgsize_max + 1");
	at.mq_msgsize = msgsize_max;
	q = mq_open(name, O_RDWR | O_CREAT, 0600, &at);
	if (q == (mqd_t)-1)
		PTS_FAILED("mq_msgsize msgsize_max: %m");
	mq_close(q);
	mq_unlink(name);
	at.mq_maxmsg = msg_max;
	at.mq_msgsize = 16;
	q = mq_open(name, O_RDWR | O_CREAT, 0600, &at);
	if (q == (mqd_t)-1 && errno != EMFILE)
		PTS_FAILED("mq_maxmsg msg_max: %m");
	if (q != (mqd_t)-1)
		mq_close(q);
	mq_unlink(name);
	PTS_EXPECT_ERRNO(mq_open(rootq, O_RDWR), EACCES,
			 "opening a 0600 root queue as nobody");
	return PTS_PASS;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 1, .mq_msgsize = 8 };
	mqd_t q;

	msg_max = rd("/proc/sys/fs/mqueue/msg_max");
	msgsize_max = rd("/proc/sys/fs/mqueue/msgsize_max");
	snprintf(name, sizeof(name), "/pts_mq_lim_%d", (int)getpid());
	snprintf(rootq, sizeof(rootq), "/pts_mq_root_%d", (int)getpid());
	q = mq_open(rootq, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(root queue): %m");
	pts_run_as_nobody(child, "unprivileged child");
	mq_close(q);
	mq_unlink(rootq);
	PTS_PASSED("msg_max %ld and msgsize_max %ld enforced, EACCES", msg_max,
		   msgsize_max);
}
