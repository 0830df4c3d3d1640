// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ppoll() revents: POLLNVAL for a descriptor that is not open; an entry
 * with a negative fd is ignored (revents 0, not counted); POLLHUP for a
 * pipe's read end once every writer is closed, and POLLERR for a
 * write end whose readers are gone, both reported though not asked for
 * in events; POLLOUT for a writable pipe. The return value counts the
 * entries with nonzero revents.
 */
#include "pts_p20.h"

int main(void)
{
	struct timespec zero = { 0, 0 };
	struct pollfd f[5];
	int a[2], b[2], c[2], closed, r;

	if (pipe(a) || pipe(b) || pipe(c))
		PTS_UNRES("pipe: %s", strerror(errno));
	closed = dup(0);
	close(closed);
	close(a[1]);	/* a[0]: no writer left */
	close(b[0]);	/* b[1]: no reader left */
	f[0] = (struct pollfd){ .fd = closed, .events = POLLIN };
	f[1] = (struct pollfd){ .fd = -1, .events = POLLIN, .revents = 0x40 };
	f[2] = (struct pollfd){ .fd = a[0], .events = 0 };
	f[3] = (struct pollfd){ .fd = b[1], .events = 0 };
	f[4] = (struct pollfd){ .fd = c[1], .events = POLLOUT | POLLIN };
	r = ppoll(f, 5, &zero, NULL);
	if (f[0].revents != POLLNVAL)
		PTS_FAILED("closed fd: revents %#x, expected POLLNVAL", f[0].revents);
	if (f[1].revents)
		PTS_FAILED("fd -1: revents %#x, expected 0", f[1].revents);
	if (f[2].revents != POLLHUP)
		PTS_FAILED("read end without writers: revents %#x, expected POLLHUP",
			   f[2].revents);
	if (!(f[3].revents & POLLERR))
		PTS_FAILED("write end without readers: revents %#x, no POLLERR",
			   f[3].revents);
	if (f[4].revents != POLLOUT)
		PTS_FAILED("writable pipe: revents %#x, expected POLLOUT", f[4].revents);
	if (r != 4)
		PTS_FAILED("returned %d, expected 4", r);
	PTS_PASSED("POLLNVAL, negative fd ignored, POLLHUP and POLLERR unasked, POLLOUT; count 4");
}
