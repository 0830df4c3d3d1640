// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * poll(): POLLHUP is set when "a pipe or FIFO has been closed by the
 * last process that had it open for writing", and it does not hide
 * data still in the pipe: a pipe holding 3 bytes whose only writer
 * (a child, exited and reaped) closed it reports POLLIN and POLLHUP
 * (count 1) at once with timeout 0; the 3 bytes are read, then 0
 * (end of file), and POLLHUP is still reported (POLLIN then printed:
 * an end-of-file read does not block, so it may be set). POLLOUT is
 * never set for the read end.
 */
#include <poll.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

static int p[2];

static int writer(void)
{
	close(p[0]);
	if (write(p[1], "abc", 3) != 3)
		PTS_UNRES("child: write(): %m");
	return PTS_PASS;
}

int main(void)
{
	struct pollfd pf;
	char buf[8];
	int n;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	pts_reap(pts_fork_fn(writer), "the writer");
	close(p[1]);

	pf.fd = p[0];
	pf.events = POLLIN | POLLOUT;
	pf.revents = 0;
	n = poll(&pf, 1, 0);
	if (n != 1 || !(pf.revents & POLLIN) || !(pf.revents & POLLHUP) ||
	    (pf.revents & POLLOUT))
		PTS_FAILED("with data after the last writer closed: %d, revents %#x; expected 1, POLLIN|POLLHUP",
			   n, pf.revents);
	if (read(p[0], buf, sizeof(buf)) != 3 || memcmp(buf, "abc", 3))
		PTS_FAILED("the 3 bytes not read back");
	if (read(p[0], buf, sizeof(buf)) != 0)
		PTS_FAILED("no end of file after the data");
	pf.revents = 0;
	n = poll(&pf, 1, 0);
	if (n != 1 || !(pf.revents & POLLHUP) || (pf.revents & POLLOUT))
		PTS_FAILED("drained: %d, revents %#x; expected 1 with POLLHUP",
			   n, pf.revents);
	printf("drained pipe, no writer: POLLIN %s\n",
	       pf.revents & POLLIN ? "set" : "clear");
	PTS_PASSED("POLLHUP with and without data, POLLIN while data remains");
}
