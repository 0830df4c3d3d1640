// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pipe(): fildes[0] is open for reading and fildes[1] for writing (the
 * access modes F_GETFL reports; a write to fildes[0] and a read of
 * fildes[1] fail with [EBADF]), O_NONBLOCK and FD_CLOEXEC clear on both,
 * the two lowest free descriptors; data written to fildes[1] is read
 * from fildes[0] first in, first out. [EMFILE] when fewer than two
 * descriptors are free below RLIMIT_NOFILE, nothing then allocated.
 */
#include <sys/resource.h>

#include "pts_helpers.h"

static int child(void)
{
	struct rlimit rl = { 16, 16 };
	int p[2], i, last = -1;

	if (setrlimit(RLIMIT_NOFILE, &rl))
		return PTS_UNRESOLVED;
	for (i = 0; i < 15; i++)
		if (fcntl(i, F_GETFD) < 0)
			last = open("/dev/null", O_RDONLY);
	if (fcntl(15, F_GETFD) >= 0 || last < 0)
		return PTS_UNRESOLVED;
	/* only 15 is free */
	errno = 0;
	if (pipe(p) != -1 || errno != EMFILE) {
		printf("pipe() with one descriptor free: errno %s, expected EMFILE\n",
		       strerrorname_np(errno));
		return PTS_FAIL;
	}
	if (fcntl(15, F_GETFD) >= 0) {
		printf("the failed pipe() left descriptor 15 open\n");
		return PTS_FAIL;
	}
	close(3);
	if (pipe(p) || p[0] != 3 || p[1] != 15) {
		printf("pipe() with 3 and 15 free gave %d %d\n", p[0], p[1]);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	int p[2], lo[2], i;
	char buf[8];

	lo[0] = open("/dev/null", O_RDONLY);
	lo[1] = open("/dev/null", O_RDONLY);
	close(lo[0]);
	close(lo[1]);
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	if (p[0] != lo[0] || p[1] != lo[1])
		PTS_FAILED("pipe() gave %d %d, the lowest free are %d %d",
			   p[0], p[1], lo[0], lo[1]);
	if ((fcntl(p[0], F_GETFL) & O_ACCMODE) != O_RDONLY ||
	    (fcntl(p[1], F_GETFL) & O_ACCMODE) != O_WRONLY)
		PTS_FAILED("access modes %#x %#x", fcntl(p[0], F_GETFL),
			   fcntl(p[1], F_GETFL));
	for (i = 0; i < 2; i++)
		if ((fcntl(p[i], F_GETFL) & O_NONBLOCK) || fcntl(p[i], F_GETFD))
			PTS_FAILED("fildes[%d] has O_NONBLOCK or FD_CLOEXEC", i);
	PTS_EXPECT_ERRNO(write(p[0], "x", 1), EBADF, "write to fildes[0]");
	PTS_EXPECT_ERRNO(read(p[1], buf, 1), EBADF, "read of fildes[1]");
	write(p[1], "ab", 2);
	write(p[1], "cd", 2);
	if (read(p[0], buf, 4) != 4 || memcmp(buf, "abcd", 4))
		PTS_FAILED("data not first in, first out");
	pts_run_child(child, "EMFILE child");
	PTS_PASSED("read and write ends, lowest numbers, flags clear, FIFO, EMFILE");
}
