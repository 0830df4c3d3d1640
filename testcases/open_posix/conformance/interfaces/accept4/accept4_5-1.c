// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * accept4() on a listening socket without O_NONBLOCK and with no
 * pending connection blocks until a connection is present. A thread
 * sleeps in accept4(SOCK_CLOEXEC | SOCK_NONBLOCK) (seen in
 * /proc/TID/syscall), main connects: the call returns a socket with
 * both flags set, connected to main's client (data passes both ways).
 */
#include <pthread.h>

#include "pts_p20.h"

static int l;
static volatile int tid;

static void *acceptor(void *arg)
{
	(void)arg;
	__atomic_store_n(&tid, pts_gettid(), __ATOMIC_RELEASE);
	return (void *)(long)accept4(l, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
}

int main(void)
{
	struct sockaddr_in sa;
	pthread_t t;
	void *ret;
	int c, s;

	l = pts_p20_listener(0, &sa);
	if (pthread_create(&t, NULL, acceptor, NULL))
		PTS_UNRES("pthread_create failed");
	pts_wait_flag(&tid, "the acceptor's tid");
	pts_wait_in_syscall(tid, SYS_accept4);
	c = pts_p20_connect(&sa);
	pthread_join(t, &ret);
	s = (int)(long)ret;
	if (s < 0)
		PTS_FAILED("the blocked accept4 failed");
	if (!pts_p20_cloexec(s) || !pts_p20_nonblock(s))
		PTS_FAILED("FD_CLOEXEC %d O_NONBLOCK %d, expected both",
			   pts_p20_cloexec(s), pts_p20_nonblock(s));
	if (write(c, "a", 1) != 1 || pts_p20_read1(s) != 'a' ||
	    write(s, "b", 1) != 1 || pts_p20_read1(c) != 'b')
		PTS_FAILED("data did not pass over the accepted connection");
	PTS_PASSED("a blocked accept4 returns the new connection with its flags");
}
