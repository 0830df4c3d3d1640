// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dup(): returns the lowest-numbered free descriptor, sharing the open
 * file description (O_NONBLOCK set through the duplicate is seen
 * through the original; a pipe's data is read in order through both),
 * FD_CLOEXEC clear in the new one even when set in the old; [EBADF] for a descriptor not open;
 * [EMFILE] once every number below RLIMIT_NOFILE is in use (checked in
 * a child with a limit of its own).
 */
#include <sys/resource.h>

#include "pts_helpers.h"

static int child(void)
{
	struct rlimit rl = { 16, 16 };
	int i, fd = -1;

	if (setrlimit(RLIMIT_NOFILE, &rl))
		return PTS_UNRESOLVED;
	for (i = 0; i < 16; i++)
		if (fcntl(i, F_GETFD) < 0)
			fd = open("/dev/null", O_RDONLY);
	if (fd < 0)
		return PTS_UNRESOLVED;
	errno = 0;
	if (dup(0) != -1 || errno != EMFILE) {
		printf("dup() with every descriptor in use: errno %s, expected EMFILE\n",
		       strerrorname_np(errno));
		return PTS_FAIL;
	}
	close(5);
	if (dup(0) != 5) {
		printf("dup() after closing 5 did not return 5\n");
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	int p[2], d, lo;
	char c;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	lo = open("/dev/null", O_RDONLY);	/* the lowest free number */
	close(lo);
	d = dup(p[0]);
	if (d != lo)
		PTS_FAILED("dup() returned %d, the lowest free is %d", d, lo);
	if (fcntl(d, F_GETFD) & FD_CLOEXEC)
		PTS_FAILED("FD_CLOEXEC set in the duplicate");
	if (!(fcntl(p[0], F_GETFD) & FD_CLOEXEC))
		PTS_FAILED("FD_CLOEXEC of the original lost");
	fcntl(d, F_SETFL, O_NONBLOCK);
	if (!(fcntl(p[0], F_GETFL) & O_NONBLOCK))
		PTS_FAILED("O_NONBLOCK set through the duplicate not seen");
	PTS_EXPECT_ERRNO(read(p[0], &c, 1), EAGAIN, "non-blocking read");
	write(p[1], "xy", 2);
	if (read(d, &c, 1) != 1 || c != 'x' || read(p[0], &c, 1) != 1 ||
	    c != 'y')
		PTS_FAILED("data not shared in order");
	close(d);
	PTS_EXPECT_ERRNO(dup(d), EBADF, "dup() of a closed fd");
	PTS_EXPECT_ERRNO(dup(-1), EBADF, "dup(-1)");
	pts_run_child(child, "EMFILE child");
	PTS_PASSED("lowest number, shared description, FD_CLOEXEC clear, EBADF, EMFILE");
}
