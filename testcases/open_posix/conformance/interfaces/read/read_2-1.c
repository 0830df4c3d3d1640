// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * read() on a pipe: with fewer bytes in the pipe than asked for it
 * returns those at once (a partial count, no waiting for more); on an
 * empty pipe with O_NONBLOCK it fails with [EAGAIN]; without O_NONBLOCK
 * a reader blocks until data is written and returns that data; with no
 * writer left it returns 0 (end of file), also with O_NONBLOCK.
 */
#include <pthread.h>

#include "pts_helpers.h"

static int p[2];
static volatile int tid;
static char got[8];
static volatile long n = -5;

static void *reader(void *arg)
{
	(void)arg;
	tid = pts_gettid();
	n = read(p[0], got, sizeof(got));
	return NULL;
}

int main(void)
{
	char buf[100];
	pthread_t t;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	write(p[1], "hello", 5);
	if (read(p[0], buf, sizeof(buf)) != 5 || memcmp(buf, "hello", 5))
		PTS_FAILED("partial read did not return the 5 bytes there");
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	PTS_EXPECT_ERRNO(read(p[0], buf, 1), EAGAIN, "O_NONBLOCK read of an empty pipe");
	fcntl(p[0], F_SETFL, 0);
	pthread_create(&t, NULL, reader, NULL);
	pts_wait_flag(&tid, "the reader");
	pts_wait_in_syscall(tid, SYS_read);
	if (n != -5)
		PTS_FAILED("the reader returned %ld from an empty pipe", n);
	write(p[1], "abc", 3);
	pthread_join(t, NULL);
	if (n != 3 || memcmp(got, "abc", 3))
		PTS_FAILED("blocked read returned %ld", n);
	close(p[1]);
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	if (read(p[0], buf, 1) != 0)
		PTS_FAILED("O_NONBLOCK read with no writer did not return 0");
	fcntl(p[0], F_SETFL, 0);
	if (read(p[0], buf, 1) != 0)
		PTS_FAILED("read with no writer did not return 0");
	PTS_PASSED("partial count, EAGAIN, blocking, EOF");
}
