// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ppoll() with a null timeout blocks until a requested event occurs: a
 * thread sleeps in ppoll() on an empty pipe (seen in /proc/TID/syscall)
 * and stays asleep; main writes a byte; the call returns 1 with
 * POLLIN in revents, and the byte is there to read.
 */
#include <pthread.h>

#include "pts_p20.h"

static int p[2];
static volatile int tid;
static struct pollfd pfd;

static void *poller(void *arg)
{
	(void)arg;
	pfd.fd = p[0];
	pfd.events = POLLIN;
	__atomic_store_n(&tid, pts_gettid(), __ATOMIC_RELEASE);
	return (void *)(long)ppoll(&pfd, 1, NULL, NULL);
}

int main(void)
{
	pthread_t t;
	void *ret;
	char b;

	if (pipe(p))
		PTS_UNRES("pipe: %s", strerror(errno));
	if (pthread_create(&t, NULL, poller, NULL))
		PTS_UNRES("pthread_create failed");
	pts_wait_flag(&tid, "the poller's tid");
	pts_wait_in_syscall(tid, SYS_ppoll);
	if (write(p[1], "z", 1) != 1)
		PTS_UNRES("write: %s", strerror(errno));
	pthread_join(t, &ret);
	if ((long)ret != 1 || pfd.revents != POLLIN)
		PTS_FAILED("ppoll returned %ld revents %#x, expected 1 POLLIN",
			   (long)ret, pfd.revents);
	if (read(p[0], &b, 1) != 1 || b != 'z')
		PTS_FAILED("the byte is not there");
	PTS_PASSED("a null timeout waits until the event, then 1 with POLLIN");
}
