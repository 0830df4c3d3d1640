// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Message queue calls on descriptors that are open but not message
 * queue descriptors fail with [EBADF] ("not a valid message queue
 * descriptor"): mq_getattr(), mq_setattr(), mq_send(), mq_receive() and
 * mq_notify() on a regular file's descriptor and on a pipe's read end;
 * the attribute buffer is left as it was, and mq_setattr(O_NONBLOCK)
 * does not change the pipe's own file status flags (F_GETFL) nor its
 * data. A real queue descriptor answers mq_getattr() beside them.
 */
#include <mqueue.h>

#include "pts_helpers.h"

static void bad(int fd, const char *what)
{
	struct mq_attr a, na = { .mq_flags = O_NONBLOCK };
	struct sigevent ev = { .sigev_notify = SIGEV_NONE };
	char buf[64], msg[80];
	unsigned int prio;

	memset(&a, 0x5a, sizeof(a));
	snprintf(msg, sizeof(msg), "mq_getattr() on %s", what);
	PTS_EXPECT_ERRNO(mq_getattr((mqd_t)fd, &a), EBADF, msg);
	if (a.mq_maxmsg != 0x5a5a5a5a5a5a5a5aL || a.mq_flags != 0x5a5a5a5a5a5a5a5aL)
		PTS_FAILED("%s: mq_getattr() wrote the attributes", what);
	snprintf(msg, sizeof(msg), "mq_setattr() on %s", what);
	PTS_EXPECT_ERRNO(mq_setattr((mqd_t)fd, &na, &a), EBADF, msg);
	snprintf(msg, sizeof(msg), "mq_send() on %s", what);
	PTS_EXPECT_ERRNO(mq_send((mqd_t)fd, "m", 1, 0), EBADF, msg);
	snprintf(msg, sizeof(msg), "mq_receive() on %s", what);
	PTS_EXPECT_ERRNO(mq_receive((mqd_t)fd, buf, sizeof(buf), &prio), EBADF, msg);
	snprintf(msg, sizeof(msg), "mq_notify() on %s", what);
	PTS_EXPECT_ERRNO(mq_notify((mqd_t)fd, &ev), EBADF, msg);
	if (fcntl(fd, F_GETFL) & O_NONBLOCK)
		PTS_FAILED("%s: O_NONBLOCK set by mq_setattr()", what);
}

int main(void)
{
	struct mq_attr a = { .mq_maxmsg = 4, .mq_msgsize = 16 }, got;
	char path[64], name[64], c;
	int fd, p[2];
	mqd_t q;

	snprintf(path, sizeof(path), "/tmp/pts_mqga2_%d", (int)getpid());
	snprintf(name, sizeof(name), "/pts_mqga2_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || pipe(p))
		PTS_UNRES("set-up: %m");
	unlink(path);
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &a);
	if (q == (mqd_t)-1) {
		if (errno == ENOSYS)
			PTS_UNSUPP("no POSIX message queues (ENOSYS)");
		PTS_UNRES("mq_open(): %m");
	}
	mq_unlink(name);
	if (write(p[1], "z", 1) != 1)
		PTS_UNRES("write(): %m");

	bad(fd, "a regular file");
	bad(p[0], "a pipe");
	if (read(p[0], &c, 1) != 1 || c != 'z')
		PTS_FAILED("the pipe's data was consumed");
	if (mq_getattr(q, &got) || got.mq_maxmsg != 4 || got.mq_msgsize != 16)
		PTS_FAILED("the real queue: mq_getattr() %m or attributes %ld/%ld",
			   got.mq_maxmsg, got.mq_msgsize);
	PTS_PASSED("EBADF for non-queue descriptors, nothing changed");
}
