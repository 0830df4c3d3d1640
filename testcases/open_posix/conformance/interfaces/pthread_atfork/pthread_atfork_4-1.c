// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_atfork() called several times: the prepare handlers run in
 * the reverse order of their registration, the parent and child
 * handlers in the order of registration - whichever thread registered
 * them. Three handler triples are registered in turn by three different
 * threads (A, B, then A again); a fourth thread calls fork(). All the
 * prepare and parent handlers run in that forking thread (their TID is
 * its TID), the child handlers in the child's only thread (TID = the
 * child's pid), and the order is C B A / A B C / A B C.
 */
#include <pthread.h>

#include "pts_helpers.h"

static char plog[8], alog[8], clog_[8];
static int np, na, nc, wrongtid;
static pid_t fork_tid, parent_pid;

#define TRIPLE(x, ch) \
static void p##x(void) \
{ \
	if (pts_gettid() != fork_tid) \
		wrongtid = 1; \
	plog[np++ & 7] = ch; \
} \
static void a##x(void) \
{ \
	if (pts_gettid() != fork_tid) \
		wrongtid = 1; \
	alog[na++ & 7] = ch; \
} \
static void c##x(void) \
{ \
	if (pts_gettid() != getpid() || getpid() == parent_pid) \
		wrongtid = 1; \
	clog_[nc++ & 7] = ch; \
}
TRIPLE(1, 'A') TRIPLE(2, 'B') TRIPLE(3, 'C')

static void *reg(void *arg)
{
	long which = (long)arg;

	if (which == 1)
		return (void *)(long)pthread_atfork(p1, a1, c1);
	if (which == 2)
		return (void *)(long)pthread_atfork(p2, a2, c2);
	return (void *)(long)pthread_atfork(p3, a3, c3);
}

static void *forker(void *arg)
{
	pid_t pid;
	int st;

	(void)arg;
	fork_tid = pts_gettid();
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return (void *)-1L;
	if (!pid)
		_exit(wrongtid || nc != 3 || memcmp(clog_, "ABC", 3) ? 1 : 0);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return (void *)-1L;
	return (void *)(long)WEXITSTATUS(st);
}

static long run(void *(*fn)(void *), long arg)
{
	pthread_t t;
	void *r;

	if (pthread_create(&t, NULL, fn, (void *)arg) || pthread_join(t, &r))
		PTS_UNRES("pthread_create()/join()");
	return (long)r;
}

int main(void)
{
	parent_pid = getpid();
	/* "thread A" twice: two threads, but the first is joined first */
	if (run(reg, 1) || run(reg, 2) || run(reg, 3))
		PTS_FAILED("a registration failed");
	if (run(forker, 0))
		PTS_FAILED("the child handlers ran wrongly (order, count or thread)");
	printf("prepare %.3s, parent %.3s\n", plog, alog);
	if (np != 3 || na != 3 || memcmp(plog, "CBA", 3) || memcmp(alog, "ABC", 3))
		PTS_FAILED("prepare %.*s, parent %.*s; expected CBA, ABC",
			   np, plog, na, alog);
	if (wrongtid)
		PTS_FAILED("a handler ran outside the forking thread");
	PTS_PASSED("registrations from several threads: CBA, ABC, ABC in the forking thread");
}
