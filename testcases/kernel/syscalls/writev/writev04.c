// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * writev() whose first iovec is NULL (length 0) and whose data comes from
 * a fresh file mapping not yet faulted in must never let a reader see
 * bytes other than the ones written: for 2 s a thread truncates a file
 * and writevs {NULL, 0}, {map, 256}, {NULL, 0}, {map + 256, 256},
 * {NULL, 0} into it, each time from a new mapping, while the test reads
 * the file over and over; every byte read must be the mapping's byte at
 * that offset, and each writev() must return 512 (d4690f1e1cda "fix
 * iov_iter_fault_in_readable()": before it writev() could commit
 * uninitialised data for a moment before the real contents).
 */
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include "tst_test.h"

#define CHUNK 256
#define BUF_SIZE (2 * CHUNK)
#define MAPFILE "writev04_map"
#define TEMPFILE "writev04_out"

static unsigned char expect[BUF_SIZE];
static int mapfd = -1;
static volatile int stop, bad_writev;
static volatile long rounds;

static void *writer(void *arg)
{
	struct iovec iov[5] = { { NULL, 0 } };
	unsigned char *map;
	long ret;
	int fd;

	(void)arg;
	while (!stop) {
		fd = SAFE_OPEN(TEMPFILE, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		/* not touched: writev() itself must fault it in */
		map = SAFE_MMAP(NULL, BUF_SIZE, PROT_READ, MAP_SHARED, mapfd, 0);
		iov[1].iov_base = map;
		iov[1].iov_len = CHUNK;
		iov[3].iov_base = map + CHUNK;
		iov[3].iov_len = CHUNK;
		ret = writev(fd, iov, 5);
		if (ret != BUF_SIZE)
			bad_writev = ret < 0 ? -errno : (int)ret;
		SAFE_MUNMAP(map, BUF_SIZE);
		SAFE_CLOSE(fd);
		rounds++;
	}
	return NULL;
}

static void run(void)
{
	unsigned char got[BUF_SIZE + 1];
	struct timespec end, now;
	long reads = 0, wrong = 0, n, i;
	pthread_t t;
	int fd;

	fd = SAFE_OPEN(TEMPFILE, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	SAFE_CLOSE(fd);
	stop = 0;
	bad_writev = 0;
	rounds = 0;
	errno = pthread_create(&t, NULL, writer, NULL);
	if (errno)
		tst_brk(TBROK | TERRNO, "pthread_create()");
	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_sec += 2;
	do {
		fd = SAFE_OPEN(TEMPFILE, O_RDONLY);
		n = pread(fd, got, sizeof(got), 0);
		SAFE_CLOSE(fd);
		if (n > BUF_SIZE)
			tst_brk(TBROK, "writev() wrote more than %d bytes",
				BUF_SIZE);
		for (i = 0; i < n; i++) {
			if (got[i] != expect[i]) {
				wrong++;
				break;
			}
		}
		reads++;
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (now.tv_sec < end.tv_sec ||
		 (now.tv_sec == end.tv_sec && now.tv_nsec < end.tv_nsec));
	stop = 1;
	pthread_join(t, NULL);
	TST_EXP_EXPR(!bad_writev, "every writev() returned %d (a bad one: "
		     "%d)", BUF_SIZE, bad_writev);
	TST_EXP_EXPR(!wrong, "%ld of %ld reads during %ld writev()s saw a byte "
		     "that was not written", wrong, reads, rounds);
	TST_EXP_EXPR(rounds > 0 && reads > 0, "the race ran (%ld writev()s, "
		     "%ld reads)", rounds, reads);
}

static void setup(void)
{
	int i;

	for (i = 0; i < BUF_SIZE; i++)
		expect[i] = 1 + (i % 251);
	mapfd = SAFE_OPEN(MAPFILE, O_RDWR | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, mapfd, expect, BUF_SIZE);
}

static void cleanup(void)
{
	if (mapfd >= 0)
		SAFE_CLOSE(mapfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		/* fix iov_iter_fault_in_readable() */
		{"linux-git", "d4690f1e1cda"},
		{}
	},
};
