// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * close(): when all descriptors of a pipe's write end are closed, a
 * reader blocked in read() on the empty pipe returns 0 (end of file);
 * closing one of two write descriptors (a dup) is not enough: the
 * reader stays blocked. When the last read descriptor is closed, a
 * write fails with [EPIPE] (SIGPIPE ignored).
 */
#include <pthread.h>

#include "pts_helpers.h"

static int p[2];
static volatile int tid;
static volatile long got = -5;

static void *reader(void *arg)
{
	char c;

	(void)arg;
	tid = pts_gettid();
	got = read(p[0], &c, 1);
	return NULL;
}

int main(void)
{
	pthread_t t;
	int w2;

	signal(SIGPIPE, SIG_IGN);
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	w2 = dup(p[1]);
	pthread_create(&t, NULL, reader, NULL);
	pts_wait_flag(&tid, "the reader");
	pts_wait_in_syscall(tid, SYS_read);
	close(p[1]);
	/* one write descriptor left: still blocked */
	pts_wait_in_syscall(tid, SYS_read);
	if (got != -5)
		PTS_FAILED("read returned %ld with a writer still open", got);
	close(w2);
	pthread_join(t, NULL);
	if (got != 0)
		PTS_FAILED("read after the last writer closed returned %ld, expected 0",
			   got);
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	close(p[0]);
	PTS_EXPECT_ERRNO(write(p[1], "x", 1), EPIPE, "write with no reader");
	PTS_PASSED("EOF once every writer closed, EPIPE once the reader closed");
}
