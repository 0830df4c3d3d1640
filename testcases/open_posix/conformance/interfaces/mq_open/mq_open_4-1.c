// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open() of an existing name with O_CREAT but not O_EXCL: "If the
 * message queue exists ... this flag has no effect" except under O_EXCL:
 * the existing queue is opened, its messages there, and the mode and
 * attr arguments are ignored (the queue keeps mq_maxmsg, mq_msgsize and
 * its mode). Each successful open returns a new descriptor. A name with
 * a component longer than NAME_MAX fails with [ENAMETOOLONG].
 */
#include <limits.h>
#include <mqueue.h>
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr a1 = { .mq_maxmsg = 3, .mq_msgsize = 16 };
	struct mq_attr a2 = { .mq_maxmsg = 7, .mq_msgsize = 64 }, g;
	char name[64], longname[NAME_MAX + 3], buf[16];
	struct stat st;
	mqd_t q, r;

	snprintf(name, sizeof(name), "/pts_mq_open4_%d", (int)getpid());
	umask(0);
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &a1);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_send(q, "hello", 5, 0))
		PTS_UNRES("mq_send(): %m");
	r = mq_open(name, O_RDWR | O_CREAT, 0644, &a2);
	mq_unlink(name);
	if (r == (mqd_t)-1)
		PTS_FAILED("O_CREAT on the existing name: %m");
	if (r == q)
		PTS_FAILED("the second open returned the same descriptor");
	mq_getattr(r, &g);
	if (fstat((int)r, &st))
		PTS_UNRES("fstat(): %m");
	printf("reopened: maxmsg %ld msgsize %ld curmsgs %ld mode %03o\n",
	       g.mq_maxmsg, g.mq_msgsize, g.mq_curmsgs,
	       (unsigned int)(st.st_mode & 0777));
	if (g.mq_maxmsg != 3 || g.mq_msgsize != 16)
		PTS_FAILED("the attributes of the second open were applied");
	if ((st.st_mode & 0777) != 0600)
		PTS_FAILED("the mode of the second open was applied");
	if (mq_receive(r, buf, sizeof(buf), NULL) != 5 || memcmp(buf, "hello", 5))
		PTS_FAILED("the existing queue's message is not there");
	longname[0] = '/';
	memset(longname + 1, 'q', NAME_MAX + 1);
	longname[NAME_MAX + 2] = 0;
	errno = 0;
	r = mq_open(longname, O_RDWR | O_CREAT, 0600, &a1);
	if (r != (mqd_t)-1) {
		mq_unlink(longname);
		PTS_FAILED("a name of NAME_MAX + 1 characters was accepted");
	}
	if (errno != ENAMETOOLONG)
		PTS_FAILED("name of NAME_MAX + 1 characters: %s, expected ENAMETOOLONG",
			   strerrorname_np(errno));
	PTS_PASSED("O_CREAT opens the existing queue, attr and mode ignored; ENAMETOOLONG");
}
