// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Writes of at most PIPE_BUF bytes to a pipe or FIFO are atomic: records
 * of several concurrent writers never interleave (pipe(7)).
 *
 * Four writer processes each write 1000 records of 16 to PIPE_BUF bytes
 * (a header with the writer, the length and a sequence number, then bytes
 * derived from them) with one write() each, while the reader reads the
 * stream in chunks of random sizes and parses it: every record must be
 * whole (one writer's bytes only), and each writer's records arrive in
 * order, all of them, then EOF. Blocking writes must write everything.
 * Tested on a pipe (all writers share it), and on a FIFO opened by each
 * writer, two of them with O_NONBLOCK: a non-blocking write of at most
 * PIPE_BUF bytes writes everything or fails with EAGAIN, never part.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "tst_test.h"

#define NWRITERS	4
#define NRECORDS	1000
#define MIN_REC		16
#define MAGIC		0xa5
#define FIFO_PATH	"fifo"

struct rec_hdr {
	uint8_t magic;
	uint8_t writer;
	uint16_t len;
	uint32_t seq;
};

static volatile int *opened;

static uint8_t body_byte(unsigned int w, uint32_t seq, size_t off)
{
	return (uint8_t)(w * 59 + seq * 7 + off * 3 + (off >> 8));
}

static size_t rec_len(unsigned int w, uint32_t seq)
{
	uint32_t h = (w + 1) * 2654435761u ^ seq * 40503u;

	h ^= h >> 15;
	return MIN_REC + h % (PIPE_BUF - MIN_REC + 1);
}

static void writer(int fd, unsigned int w, int nonblock)
{
	static uint8_t buf[PIPE_BUF];
	struct rec_hdr *hdr = (struct rec_hdr *)buf;
	unsigned long eagain = 0;
	uint32_t seq;
	size_t len, k;
	ssize_t ret;

	for (seq = 0; seq < NRECORDS; seq++) {
		len = rec_len(w, seq);
		hdr->magic = MAGIC;
		hdr->writer = w;
		hdr->len = len;
		hdr->seq = seq;
		for (k = sizeof(*hdr); k < len; k++)
			buf[k] = body_byte(w, seq, k);
		for (;;) {
			ret = write(fd, buf, len);
			if (ret == (ssize_t)len)
				break;
			if (ret < 0 && nonblock && errno == EAGAIN) {
				eagain++;
				usleep(100);
				continue;
			}
			tst_brk(TFAIL | TERRNO, "writer %u%s: write() of %zu "
				"bytes returned %zd", w, nonblock ?
				" (O_NONBLOCK)" : "", len, ret);
		}
	}
	if (nonblock)
		tst_res(TINFO, "writer %u (O_NONBLOCK): %lu EAGAIN", w, eagain);
	exit(0);
}

static void reader(int fd)
{
	static uint8_t stream[2 * PIPE_BUF + 8192];
	uint32_t next[NWRITERS] = { 0 };
	size_t have = 0, pos, k;
	unsigned long records = 0, chunk_seed = 1;
	unsigned long long offset = 0;
	struct rec_hdr hdr;
	ssize_t got;
	unsigned int w;

	for (;;) {
		chunk_seed = chunk_seed * 6364136223846793005ULL + 1;
		got = read(fd, stream + have, 1 + (chunk_seed >> 33) % 8192);
		if (got < 0)
			tst_brk(TBROK | TERRNO, "read()");
		if (!got)
			break;
		have += got;
		pos = 0;
		while (have - pos >= sizeof(hdr)) {
			memcpy(&hdr, stream + pos, sizeof(hdr));
			if (hdr.magic != MAGIC || hdr.writer >= NWRITERS ||
			    hdr.len < MIN_REC || hdr.len > PIPE_BUF)
				tst_brk(TFAIL, "stream offset %llu: no record "
					"header (magic 0x%02x writer %u len %u):"
					" records interleaved", offset,
					hdr.magic, hdr.writer, hdr.len);
			if (have - pos < hdr.len)
				break;
			w = hdr.writer;
			if (hdr.seq != next[w] ||
			    hdr.len != rec_len(w, hdr.seq))
				tst_brk(TFAIL, "stream offset %llu: writer %u "
					"record %u of %u bytes, expected record"
					" %u of %zu", offset, w, hdr.seq,
					hdr.len, next[w], rec_len(w, next[w]));
			for (k = sizeof(hdr); k < hdr.len; k++) {
				if (stream[pos + k] !=
				    body_byte(w, hdr.seq, k))
					tst_brk(TFAIL, "stream offset %llu: "
						"writer %u record %u byte %zu "
						"is another's: records "
						"interleaved", offset, w,
						hdr.seq, k);
			}
			next[w]++;
			records++;
			pos += hdr.len;
			offset += hdr.len;
		}
		memmove(stream, stream + pos, have - pos);
		have -= pos;
	}
	if (have)
		tst_brk(TFAIL, "%zu bytes of a partial record before EOF",
			have);
	for (w = 0; w < NWRITERS; w++) {
		if (next[w] != NRECORDS)
			tst_brk(TFAIL, "writer %u: %u of %d records arrived",
				w, next[w], NRECORDS);
	}
	tst_res(TPASS, "%lu records (%llu bytes) from %d writers, none "
		"interleaved, each writer's in order", records, offset,
		NWRITERS);
}

static void run(unsigned int n)
{
	int fds[2], fd, dummy, w;
	pid_t pid;

	*opened = 0;
	if (!n) {
		tst_res(TINFO, "pipe, %d blocking writers", NWRITERS);
		SAFE_PIPE(fds);
		for (w = 0; w < NWRITERS; w++) {
			pid = SAFE_FORK();
			if (!pid) {
				SAFE_CLOSE(fds[0]);
				writer(fds[1], w, 0);
			}
		}
		SAFE_CLOSE(fds[1]);
		reader(fds[0]);
		SAFE_CLOSE(fds[0]);
		tst_reap_children();
		return;
	}

	tst_res(TINFO, "FIFO, %d writers opening it, 2 with O_NONBLOCK",
		NWRITERS);
	if (mkfifo(FIFO_PATH, 0600) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkfifo()");
	fd = SAFE_OPEN(FIFO_PATH, O_RDONLY | O_NONBLOCK);
	/* a writer of our own until every writer has opened: no early EOF */
	dummy = SAFE_OPEN(FIFO_PATH, O_WRONLY);
	if (fcntl(fd, F_SETFL, 0))
		tst_brk(TBROK | TERRNO, "fcntl(F_SETFL, 0)");
	for (w = 0; w < NWRITERS; w++) {
		pid = SAFE_FORK();
		if (!pid) {
			int nb = w >= NWRITERS / 2 ? O_NONBLOCK : 0;
			int wfd;

			SAFE_CLOSE(fd);
			SAFE_CLOSE(dummy);
			wfd = SAFE_OPEN(FIFO_PATH, O_WRONLY | nb);
			__atomic_add_fetch(opened, 1, __ATOMIC_SEQ_CST);
			writer(wfd, w, !!nb);
		}
	}
	while (*opened < NWRITERS)
		usleep(1000);
	SAFE_CLOSE(dummy);
	reader(fd);
	SAFE_CLOSE(fd);
	tst_reap_children();
}

static void setup(void)
{
	opened = SAFE_MMAP(NULL, sizeof(*opened), PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.timeout = 60,
};
