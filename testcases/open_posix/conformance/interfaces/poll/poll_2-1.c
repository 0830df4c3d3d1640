// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * poll(): "Regular files shall always poll TRUE for reading and
 * writing": an empty file and one read to its end report POLLIN,
 * POLLOUT, POLLRDNORM and POLLWRNORM as asked, and only what was asked.
 * With nfds 0 poll() just waits: a 200 ms timeout returns 0, not before
 * 200 ms. [EINVAL] for nfds greater than the descriptor limit
 * (RLIMIT_NOFILE set to 64, nfds 65), the revents untouched.
 */
#include <poll.h>

#include "pts_helpers.h"

int main(void)
{
	struct rlimit rl = { 64, 64 };
	struct pollfd pf[65];
	long long t0, t1;
	char path[64], buf[8];
	int fd, r, i;

	snprintf(path, sizeof(path), "/tmp/pts_poll2_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	for (i = 0; i < 2; i++) {
		pf[0].fd = fd;
		pf[0].events = POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM;
		pf[0].revents = 0;
		r = poll(pf, 1, 0);
		if (r != 1 || pf[0].revents != pf[0].events)
			PTS_FAILED("%s file: poll() %d, revents %#x, expected %#x",
				   i ? "read-to-end" : "empty", r, pf[0].revents,
				   pf[0].events);
		pf[0].events = POLLOUT;
		if (poll(pf, 1, 0) != 1 || pf[0].revents != POLLOUT)
			PTS_FAILED("POLLOUT alone: revents %#x", pf[0].revents);
		if (write(fd, "data", 4) != 4 || read(fd, buf, 8) != 0)
			PTS_UNRES("write()/read(): %m");
	}

	t0 = pts_now(CLOCK_MONOTONIC);
	r = poll(NULL, 0, 200);
	t1 = pts_now(CLOCK_MONOTONIC);
	if (r != 0)
		PTS_FAILED("poll(NULL, 0, 200): %d (%m)", r);
	if (t1 - t0 < 200000000)
		PTS_FAILED("nfds 0: returned after %lld ns, before 200 ms", t1 - t0);

	if (setrlimit(RLIMIT_NOFILE, &rl))
		PTS_UNRES("setrlimit(): %m");
	for (i = 0; i < 65; i++) {
		pf[i].fd = -1;
		pf[i].events = POLLIN;
		pf[i].revents = 0x5a5a;
	}
	pf[0].fd = fd;
	PTS_EXPECT_ERRNO(poll(pf, 65, 0), EINVAL, "nfds 65 above RLIMIT_NOFILE 64");
	if (pf[0].revents != 0x5a5a)
		PTS_FAILED("revents written by a failed poll()");
	if (poll(pf, 64, 0) != 1)
		PTS_FAILED("nfds 64 at the limit: %m");
	PTS_PASSED("regular file always ready; nfds 0 waits the timeout; EINVAL above the limit");
}
