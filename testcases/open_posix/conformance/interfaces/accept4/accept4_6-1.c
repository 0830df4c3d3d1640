// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * accept4() blocked for a connection and interrupted by a caught signal
 * "before a valid connection arrived" fails with [EINTR] when the
 * handler has no SA_RESTART; with SA_RESTART the call is restarted
 * (XSH 2.4.4: the interruptible function "shall restart") and goes on
 * waiting: it sleeps in accept4 again after the handler and returns the
 * connection main then makes. In both cases the signal is sent with
 * pthread_kill() once the thread sleeps in accept4 (/proc/TID/syscall),
 * and the handler runs in that thread.
 */
#include <pthread.h>

#include "pts_p20.h"

static int l;
static volatile int tid, hit;
static volatile int err;

static void handler(int sig)
{
	(void)sig;
	if (pts_gettid() == tid)
		hit = 1;
}

static void *acceptor(void *arg)
{
	int s;

	(void)arg;
	__atomic_store_n(&tid, pts_gettid(), __ATOMIC_RELEASE);
	s = accept4(l, NULL, NULL, SOCK_CLOEXEC);
	err = s < 0 ? errno : 0;
	return (void *)(long)s;
}

static long run(int flags, const struct sockaddr_in *sa)
{
	pthread_t t;
	void *ret;
	int c = -1;

	tid = hit = 0;
	pts_catch(SIGUSR1, handler, flags);
	if (pthread_create(&t, NULL, acceptor, NULL))
		PTS_UNRES("pthread_create failed");
	pts_wait_flag(&tid, "the acceptor's tid");
	pts_wait_in_syscall(tid, SYS_accept4);
	pthread_kill(t, SIGUSR1);
	if (flags & SA_RESTART) {
		pts_wait_flag(&hit, "the handler in the acceptor");
		pts_wait_in_syscall(tid, SYS_accept4);
		c = pts_p20_connect(sa);
	}
	pthread_join(t, &ret);
	if (!hit)
		PTS_FAILED("the handler did not run in the acceptor");
	if (c >= 0)
		close(c);
	return (long)ret;
}

int main(void)
{
	struct sockaddr_in sa;
	long r;

	l = pts_p20_listener(0, &sa);
	r = run(0, &sa);
	if (r != -1 || err != EINTR)
		PTS_FAILED("without SA_RESTART: returned %ld errno %d, expected -1 EINTR",
			   r, err);
	r = run(SA_RESTART, &sa);
	if (r < 0)
		PTS_FAILED("with SA_RESTART: returned -1 errno %d, expected the connection",
			   err);
	if (!pts_p20_cloexec(r))
		PTS_FAILED("the restarted call's socket lacks FD_CLOEXEC");
	PTS_PASSED("EINTR without SA_RESTART; restarted with it, then the connection returned");
}
