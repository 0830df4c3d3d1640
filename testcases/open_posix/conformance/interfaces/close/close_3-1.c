// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * close() of the last read descriptor of a pipe ends a writer blocked
 * on the full pipe: its write() "shall return -1 with errno set to
 * [EPIPE]" (nothing written yet, SIGPIPE ignored) at once, instead of
 * waiting for room forever.
 */
#include <pthread.h>

#include "pts_helpers.h"

static int p[2];
static volatile int tid;
static volatile long ret = -5;
static volatile int err;

static void *writer(void *arg)
{
	(void)arg;
	tid = pts_gettid();
	ret = write(p[1], "x", 1);
	err = errno;
	return NULL;
}

int main(void)
{
	char buf[4096];
	pthread_t t;
	long n = 0;

	signal(SIGPIPE, SIG_IGN);
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	memset(buf, 'f', sizeof(buf));
	fcntl(p[1], F_SETFL, O_NONBLOCK);
	for (;;) {	/* whole pages first, then single bytes */
		ssize_t w = write(p[1], buf, sizeof(buf));

		if (w < 0) {
			w = write(p[1], buf, 1);
			if (w < 0)
				break;
		}
		n += w;
	}
	if (errno != EAGAIN)
		PTS_UNRES("filling the pipe: %m");
	fcntl(p[1], F_SETFL, 0);
	printf("pipe full after %ld bytes\n", n);
	pthread_create(&t, NULL, writer, NULL);
	pts_wait_flag(&tid, "the writer");
	pts_wait_in_syscall(tid, SYS_write);
	if (ret != -5)
		PTS_FAILED("the writer returned %ld on a full pipe", ret);
	close(p[0]);
	pthread_join(t, NULL);
	if (ret != -1 || err != EPIPE)
		PTS_FAILED("the blocked write returned %ld errno %s, expected -1 EPIPE",
			   ret, strerrorname_np(err) ? strerrorname_np(err) : "0");
	PTS_PASSED("closing the reader ends a blocked writer with EPIPE");
}
