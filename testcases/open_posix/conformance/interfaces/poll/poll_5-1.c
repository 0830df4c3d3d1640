// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * poll() and select() on a full pipe: POLLOUT means "normal data may be
 * written without blocking", so a pipe filled until a non-blocking
 * write() gets [EAGAIN] reports no POLLOUT (poll() with timeout 0
 * returns 0) and select() leaves the write end out of writefds, while
 * the read end is readable. Once drained, both report the write end
 * writable and not the read end, and a PIPE_BUF write goes in whole at
 * once.
 */
#include <limits.h>
#include <poll.h>
#include <sys/select.h>

#include "pts_helpers.h"

static int sel(int fd, int wr)
{
	struct timeval tv = { 0, 0 };
	fd_set s;

	FD_ZERO(&s);
	FD_SET(fd, &s);
	if (select(fd + 1, wr ? NULL : &s, wr ? &s : NULL, NULL, &tv) < 0)
		PTS_UNRES("select(): %m");
	return FD_ISSET(fd, &s);
}

int main(void)
{
	static char buf[1 << 16];
	struct pollfd pf[2];
	long total = 0;
	ssize_t n;
	int p[2], r;

	if (pipe(p) || fcntl(p[1], F_SETFL, O_NONBLOCK) ||
	    fcntl(p[0], F_SETFL, O_NONBLOCK))
		PTS_UNRES("pipe(): %m");
	while ((n = write(p[1], buf, 4096)) > 0)
		total += n;
	if (errno != EAGAIN)
		PTS_UNRES("filling the pipe: %m");
	PTS_EXPECT_ERRNO(write(p[1], buf, 1), EAGAIN, "write() of 1 byte to the full pipe");
	pf[0] = (struct pollfd){ .fd = p[1], .events = POLLOUT, .revents = -1 };
	r = poll(pf, 1, 0);
	if (r != 0 || pf[0].revents)
		PTS_FAILED("poll(POLLOUT) on the full pipe (%ld bytes): %d, revents %#x",
			   total, r, pf[0].revents);
	if (sel(p[1], 1))
		PTS_FAILED("select() reports the full pipe writable");
	if (!sel(p[0], 0))
		PTS_FAILED("select() does not report the full pipe readable");
	printf("full at %ld bytes: not writable, readable\n", total);

	while (total > 0 && (n = read(p[0], buf, sizeof(buf))) > 0)
		total -= n;
	if (total)
		PTS_UNRES("draining: %ld bytes left: %m", total);
	pf[0] = (struct pollfd){ .fd = p[1], .events = POLLOUT };
	pf[1] = (struct pollfd){ .fd = p[0], .events = POLLIN };
	r = poll(pf, 2, 0);
	if (r != 1 || pf[0].revents != POLLOUT || pf[1].revents)
		PTS_FAILED("poll() on the empty pipe: %d, revents %#x / %#x (expected 1, POLLOUT / 0)",
			   r, pf[0].revents, pf[1].revents);
	if (!sel(p[1], 1) || sel(p[0], 0))
		PTS_FAILED("select() on the empty pipe: write end %d, read end %d",
			   sel(p[1], 1), sel(p[0], 0));
	n = write(p[1], buf, PIPE_BUF);
	if (n != PIPE_BUF)
		PTS_FAILED("write() of PIPE_BUF after POLLOUT: %zd: %m", n);
	PTS_PASSED("a full pipe not writable for poll()/select(), an empty one is");
}
