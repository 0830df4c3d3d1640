/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the message queue and semaphore tests added with mq_*_N-M
 * and sem_*_N-M (posixg19): a queue of a given geometry whose name is
 * already unlinked, its message count and contents read back, the
 * descriptors that must give [EBADF], and a signal sent by another
 * process once the caller sleeps in a given system call (so the
 * interrupted call is a blocked one, never a guess by sleeping).
 */
#ifndef PTS_MQSEM_H
#define PTS_MQSEM_H

#include <limits.h>
#include <mqueue.h>
#include <semaphore.h>
#include <sys/mman.h>

#include "pts_helpers.h"

/* a unique name for object tag of this process */
static inline void pts_ipc_name(char *buf, size_t len, const char *tag)
{
	snprintf(buf, len, "/pts_%s_%d", tag, (int)getpid());
}

/*
 * A new queue of maxmsg messages of msgsize bytes, opened O_RDWR plus
 * flags, its name unlinked at once so that nothing is left behind.
 */
static inline mqd_t pts_mq_new(long maxmsg, long msgsize, int flags)
{
	struct mq_attr at = { .mq_maxmsg = maxmsg, .mq_msgsize = msgsize };
	char name[64];
	mqd_t q;

	pts_ipc_name(name, sizeof(name), "mq");
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL | flags, 0600, &at);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(%s, %ld x %ld): %s", name, maxmsg, msgsize,
			  strerror(errno));
	mq_unlink(name);
	return q;
}

/* mq_curmsgs of q */
static inline long pts_mq_count(mqd_t q)
{
	struct mq_attr at;

	if (mq_getattr(q, &at))
		PTS_UNRES("mq_getattr(): %s", strerror(errno));
	return at.mq_curmsgs;
}

/* fail unless q holds exactly n messages */
static inline void pts_mq_expect_count(mqd_t q, long n, const char *when)
{
	long got = pts_mq_count(q);

	if (got != n)
		PTS_FAILED("%s: mq_curmsgs %ld, expected %ld", when, got, n);
}

/* fill q with one-byte messages 'a', 'b', ... of priority 1 until full */
static inline void pts_mq_fill(mqd_t q)
{
	struct mq_attr at;
	long i;
	char c;

	if (mq_getattr(q, &at))
		PTS_UNRES("mq_getattr(): %s", strerror(errno));
	for (i = at.mq_curmsgs; i < at.mq_maxmsg; i++) {
		c = 'a' + i;
		if (mq_send(q, &c, 1, 1))
			PTS_UNRES("filling message %ld: %s", i, strerror(errno));
	}
}

/*
 * Receive the next message of q without blocking (O_NONBLOCK set for
 * the call and restored) and fail unless it is the len bytes of msg
 * with priority prio.
 */
static inline void pts_mq_expect_msg(mqd_t q, const char *msg, size_t len,
				     unsigned int prio, const char *when)
{
	struct mq_attr at, nb = { .mq_flags = O_NONBLOCK }, old;
	unsigned int p = ~0u;
	char *buf;
	ssize_t n;

	if (mq_getattr(q, &at) || mq_setattr(q, &nb, &old))
		PTS_UNRES("mq_getattr/mq_setattr(): %s", strerror(errno));
	buf = malloc(at.mq_msgsize);
	if (!buf)
		PTS_UNRES("malloc(%ld)", at.mq_msgsize);
	n = mq_receive(q, buf, at.mq_msgsize, &p);
	if (n < 0)
		PTS_FAILED("%s: mq_receive(): %s", when, strerror(errno));
	if ((size_t)n != len || memcmp(buf, msg, len) || p != prio)
		PTS_FAILED("%s: got %zd bytes \"%.*s\" prio %u, expected %zu \"%.*s\" prio %u",
			   when, n, (int)n, buf, p, len, (int)len, msg, prio);
	free(buf);
	mq_setattr(q, &old, NULL);
}

/*
 * Descriptors that name no open message queue: -1, INT_MAX, a number
 * just closed (nothing opened after it: use them before opening more)
 * and the read end of a pipe. Returns how many.
 */
#define PTS_BAD_MQDS 4
static inline int pts_bad_mqds(mqd_t bad[PTS_BAD_MQDS], const char *what[PTS_BAD_MQDS])
{
	int p[2];
	mqd_t q;

	/* the pipe first: it must not take the closed queue's number */
	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	close(p[1]);
	q = pts_mq_new(1, 1, 0);
	if (mq_close(q))
		PTS_UNRES("mq_close(): %s", strerror(errno));
	bad[0] = (mqd_t)-1;
	what[0] = "-1";
	bad[1] = (mqd_t)INT_MAX;
	what[1] = "INT_MAX";
	bad[2] = q;
	what[2] = "a closed queue descriptor";
	bad[3] = (mqd_t)p[0];
	what[3] = "a pipe's descriptor";
	return PTS_BAD_MQDS;
}

/*
 * Fork a child that sends sig to the caller (tid of this process) once
 * the caller sleeps in system call nr; reap it with pts_reap().
 */
static inline pid_t pts_signal_when_blocked(pid_t tid, long nr, int sig)
{
	pid_t parent = getpid(), pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		pts_wait_in_syscall(tid, nr);
		if (syscall(SYS_tgkill, parent, tid, sig))
			PTS_UNRES("tgkill(): %s", strerror(errno));
		exit(PTS_PASS);
	}
	return pid;
}

static volatile sig_atomic_t pts_mqsem_caught;

static void pts_mqsem_handler(int sig)
{
	pts_mqsem_caught = sig;
}

/* catch sig without SA_RESTART, so that it interrupts blocked calls */
static inline void pts_catch_no_restart(int sig)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = pts_mqsem_handler;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL))
		PTS_UNRES("sigaction(%d): %s", sig, strerror(errno));
	pts_mqsem_caught = 0;
}

/* a semaphore in a MAP_SHARED anonymous mapping, pshared, of value v */
static inline sem_t *pts_shared_sem(unsigned int v)
{
	sem_t *s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
			MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (s == MAP_FAILED)
		PTS_UNRES("mmap(): %s", strerror(errno));
	if (sem_init(s, 1, v))
		PTS_UNRES("sem_init(pshared, %u): %s", v, strerror(errno));
	return s;
}

/* fail unless s reads exactly v */
static inline void pts_sem_expect(sem_t *s, int v, const char *when)
{
	int got = -12345;

	if (sem_getvalue(s, &got))
		PTS_UNRES("sem_getvalue(): %s", strerror(errno));
	if (got != v)
		PTS_FAILED("%s: value %d, expected %d", when, got, v);
}

#endif /* PTS_MQSEM_H */
