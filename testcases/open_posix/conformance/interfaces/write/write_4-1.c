// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * write() to a pipe without O_NONBLOCK: "a write request may cause the
 * thread to block, but on normal completion it shall return nbyte". A
 * thread writes 1 MiB (far more than the pipe holds) in one call and
 * sleeps inside write() once the pipe is full (read from /proc); the
 * main thread then reads everything: the write returns exactly 1 MiB,
 * and the bytes come out whole and in order (a counting pattern), with
 * end of file after them once the writer closes.
 */
#include <pthread.h>
#include <sys/syscall.h>

#include "pts_helpers.h"

#define SZ (1 << 20)

static int p[2];
static volatile int tid;
static volatile long done = -2;
static unsigned char *src;

static void *writer(void *arg)
{
	(void)arg;
	__atomic_store_n(&tid, pts_gettid(), __ATOMIC_RELEASE);
	done = write(p[1], src, SZ);
	close(p[1]);
	return NULL;
}

int main(void)
{
	static unsigned char dst[SZ + 1];
	pthread_t t;
	long got = 0;
	ssize_t n;
	int i;

	src = malloc(SZ);
	if (!src || pipe(p))
		PTS_UNRES("set-up: %m");
	for (i = 0; i < SZ; i++)
		src[i] = (unsigned char)(i * 7 + i / 251);
	if (pthread_create(&t, NULL, writer, NULL))
		PTS_UNRES("pthread_create()");
	pts_wait_flag(&tid, "the writer's thread id");
	pts_wait_in_syscall(tid, SYS_write);
	if (done != -2)
		PTS_FAILED("the write returned (%ld) before the pipe was read",
			   (long)done);
	while ((n = read(p[0], dst + got, SZ + 1 - got)) > 0)
		got += n;
	if (n < 0)
		PTS_UNRES("read(): %m");
	pthread_join(t, NULL);
	if (done != SZ)
		PTS_FAILED("the blocking write returned %ld, expected %d",
			   (long)done, SZ);
	if (got != SZ || memcmp(src, dst, SZ))
		PTS_FAILED("%ld bytes read, or not the bytes written in order", got);
	PTS_PASSED("a blocked 1 MiB write returns nbyte, data whole and in order");
}
