/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the accept4() and ppoll() tests: a TCP listener on the
 * loopback with a kernel-chosen port, a client connected to it (the
 * connection then waits in the listener's queue), and the descriptor
 * and status flags of a descriptor.
 */
#ifndef PTS_P20_H
#define PTS_P20_H

#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <sys/socket.h>

#include "pts_sigkit.h"

/* a TCP socket listening on 127.0.0.1, flags as for socket()'s type */
static inline int pts_p20_listener(int type_flags, struct sockaddr_in *sa)
{
	socklen_t len = sizeof(*sa);
	int s = socket(AF_INET, SOCK_STREAM | type_flags, 0);

	memset(sa, 0, sizeof(*sa));
	sa->sin_family = AF_INET;
	sa->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (s < 0 || bind(s, (struct sockaddr *)sa, sizeof(*sa)) ||
	    listen(s, 8) || getsockname(s, (struct sockaddr *)sa, &len))
		PTS_UNRES("listener: %s", strerror(errno));
	return s;
}

/* a client connected to sa (loopback: the handshake completes at once) */
static inline int pts_p20_connect(const struct sockaddr_in *sa)
{
	int c = socket(AF_INET, SOCK_STREAM, 0);

	if (c < 0 || connect(c, (const struct sockaddr *)sa, sizeof(*sa)))
		PTS_UNRES("connect: %s", strerror(errno));
	return c;
}

/* FD_CLOEXEC of fd (F_GETFD) and O_NONBLOCK (F_GETFL), as 0 or 1 */
static inline int pts_p20_cloexec(int fd)
{
	int f = fcntl(fd, F_GETFD);

	if (f == -1)
		PTS_UNRES("F_GETFD %d: %s", fd, strerror(errno));
	return !!(f & FD_CLOEXEC);
}

static inline int pts_p20_nonblock(int fd)
{
	int f = fcntl(fd, F_GETFL);

	if (f == -1)
		PTS_UNRES("F_GETFL %d: %s", fd, strerror(errno));
	return !!(f & O_NONBLOCK);
}

/*
 * Wait (bounded) until fd polls readable: on a listener, a connection
 * is queued. The loopback handshake may finish in ksoftirqd after
 * connect() has returned, so a non-blocking accept must wait for it.
 */
static inline void pts_p20_wait_in(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	if (poll(&pfd, 1, (int)(pts_bound_ns(30) / 1000000)) != 1)
		PTS_UNRES("descriptor %d never became readable", fd);
}

/*
 * One byte from fd, waiting for it (bounded) with poll() first, so a
 * non-blocking descriptor is not read before the data has arrived;
 * -1 when none came.
 */
static inline int pts_p20_read1(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	unsigned char b;

	if (poll(&pfd, 1, (int)(pts_bound_ns(30) / 1000000)) != 1 ||
	    read(fd, &b, 1) != 1)
		return -1;
	return b;
}

/* a signal set of up to four signals, 0 ending the list */
static inline sigset_t pts_p20_set(int a, int b, int c, int d)
{
	int sigs[] = { a, b, c, d }, i;
	sigset_t s;

	sigemptyset(&s);
	for (i = 0; i < 4 && sigs[i]; i++)
		sigaddset(&s, sigs[i]);
	return s;
}

/* the /proc mask bits of a signal set (signals 1..64) */
static inline unsigned long long pts_p20_bits(const sigset_t *s)
{
	unsigned long long m = 0;
	int i;

	for (i = 1; i <= 64; i++)
		if (sigismember(s, i) == 1)
			m |= PTS_SIGBIT(i);
	return m;
}

/*
 * pthread_sigmask(how, set, &old) in a second thread whose mask was set
 * to start first; fails the test unless it returns 0, the thread's
 * SigBlk (the kernel's) is then exactly want and old is start. The main
 * thread, its mask {SIGTERM}, must keep it.
 */
struct pts_p20_op {
	int how;
	sigset_t start, old;
	const sigset_t *set;
	unsigned long long want, got;
	int ret;
};

static inline void *pts_p20_op_fn(void *arg)
{
	struct pts_p20_op *op = arg;

	sigfillset(&op->old);
	if (pthread_sigmask(SIG_SETMASK, &op->start, NULL))
		return (void *)1;
	op->ret = pthread_sigmask(op->how, op->set, &op->old);
	op->got = pts_task_mask(getpid(), pts_gettid(), "SigBlk");
	return NULL;
}

static inline void pts_p20_mask_op(struct pts_p20_op *op, const char *what)
{
	sigset_t term = pts_p20_set(SIGTERM, 0, 0, 0);
	pthread_t t;
	void *r;

	if (pthread_sigmask(SIG_SETMASK, &term, NULL) ||
	    pthread_create(&t, NULL, pts_p20_op_fn, op))
		PTS_UNRES("set-up failed");
	pthread_join(t, &r);
	if (r)
		PTS_UNRES("%s: setting the starting mask failed", what);
	if (op->ret)
		PTS_FAILED("%s returned %d, expected 0", what, op->ret);
	if (op->got != op->want)
		PTS_FAILED("%s: the thread's SigBlk %llx, expected %llx", what,
			   op->got, op->want);
	if (pts_p20_bits(&op->old) != pts_p20_bits(&op->start))
		PTS_FAILED("%s: oset %llx, the previous mask was %llx", what,
			   pts_p20_bits(&op->old), pts_p20_bits(&op->start));
	if (pts_task_mask(getpid(), getpid(), "SigBlk") != PTS_SIGBIT(SIGTERM))
		PTS_FAILED("%s: the main thread's mask changed", what);
}

#endif /* PTS_P20_H */
