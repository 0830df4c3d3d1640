// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * poll(): POLLHUP, POLLERR and POLLNVAL "shall always be set in revents
 * if the condition is true, even if not in events"; other conditions
 * only when asked. With events 0: a pipe read end whose writer is
 * closed reports POLLHUP, a write end whose reader is closed POLLERR,
 * a closed descriptor POLLNVAL (each counted, timeout 0), and a pipe
 * read end holding data with its writer open reports nothing (0).
 */
#include <poll.h>

#include "pts_helpers.h"

int main(void)
{
	struct pollfd pf[4];
	int a[2], b[2], c[2], n, bad;

	if (pipe(a) || pipe(b) || pipe(c) || write(c[1], "x", 1) != 1)
		PTS_UNRES("pipe(): %m");
	bad = dup(0);
	close(bad);
	close(a[1]);	/* a[0]: no writer */
	close(b[0]);	/* b[1]: no reader */
	pf[0] = (struct pollfd){ .fd = a[0], .events = 0 };
	pf[1] = (struct pollfd){ .fd = b[1], .events = 0 };
	pf[2] = (struct pollfd){ .fd = bad, .events = 0 };
	pf[3] = (struct pollfd){ .fd = c[0], .events = 0, .revents = -1 };
	n = poll(pf, 4, 0);
	printf("revents: %#x %#x %#x %#x, returned %d\n", pf[0].revents,
	       pf[1].revents, pf[2].revents, pf[3].revents, n);
	if (pf[0].revents != POLLHUP)
		PTS_FAILED("read end without writer: revents %#x, expected POLLHUP",
			   pf[0].revents);
	if (pf[1].revents != POLLERR)
		PTS_FAILED("write end without reader: revents %#x, expected POLLERR",
			   pf[1].revents);
	if (pf[2].revents != POLLNVAL)
		PTS_FAILED("closed descriptor: revents %#x, expected POLLNVAL",
			   pf[2].revents);
	if (pf[3].revents)
		PTS_FAILED("readable pipe with events 0: revents %#x", pf[3].revents);
	if (n != 3)
		PTS_FAILED("poll() returned %d, expected 3", n);
	PTS_PASSED("POLLHUP, POLLERR, POLLNVAL reported unasked, POLLIN not");
}
