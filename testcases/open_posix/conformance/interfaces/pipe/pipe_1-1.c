// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pipe()/write(): "Write requests of {PIPE_BUF} bytes or less shall not
 * be interleaved with data from other processes doing writes on the
 * same pipe." Four writer processes each write 64 records of PIPE_BUF
 * bytes filled with their own letter, into a blocking pipe; the reader
 * reads the stream back and every PIPE_BUF-aligned record must hold one
 * letter only, each writer's 64 records all present. fpathconf() gives
 * PIPE_BUF at least _POSIX_PIPE_BUF (512).
 */
#include <limits.h>

#include "pts_helpers.h"

#define WRITERS 4
#define RECS 64

int main(void)
{
	long pb = fpathconf(0, _PC_PIPE_BUF);
	int p[2], i, j, count[WRITERS] = { 0 };
	char *buf, *rec;
	pid_t pid[WRITERS];
	ssize_t n, got;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	pb = fpathconf(p[0], _PC_PIPE_BUF);
	if (pb < _POSIX_PIPE_BUF || pb != PIPE_BUF)
		PTS_FAILED("PIPE_BUF %ld (constant %d)", pb, PIPE_BUF);
	buf = malloc(pb);
	rec = malloc(pb);
	fflush(stdout);
	for (i = 0; i < WRITERS; i++) {
		pid[i] = fork();
		if (!pid[i]) {
			close(p[0]);
			memset(buf, 'a' + i, pb);
			for (j = 0; j < RECS; j++)
				if (write(p[1], buf, pb) != pb)
					_exit(PTS_FAIL);
			_exit(PTS_PASS);
		}
	}
	close(p[1]);
	for (;;) {
		for (got = 0; got < pb; got += n) {
			n = read(p[0], rec + got, pb - got);
			if (n <= 0)
				break;
		}
		if (got == 0)
			break;
		if (got != pb)
			PTS_FAILED("stream ended inside a record (%zd bytes)", got);
		for (j = 1; j < pb; j++)
			if (rec[j] != rec[0])
				PTS_FAILED("a record of %ld bytes mixes '%c' and '%c'", pb,
					   rec[0], rec[j]);
		if (rec[0] < 'a' || rec[0] >= 'a' + WRITERS)
			PTS_FAILED("garbage record '%c'", rec[0]);
		count[rec[0] - 'a']++;
	}
	for (i = 0; i < WRITERS; i++) {
		pts_reap(pid[i], "writer");
		if (count[i] != RECS)
			PTS_FAILED("writer %d: %d records, expected %d", i, count[i],
				   RECS);
	}
	PTS_PASSED("%d x %d writes of PIPE_BUF (%ld) never interleaved", WRITERS,
		   RECS, pb);
}
