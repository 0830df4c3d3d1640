// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * select(): "The nfds argument specifies the range of descriptors to be
 * tested. The first nfds descriptors shall be checked in each set".
 * A readable pipe whose read descriptor is nfds (one past the range) is
 * not checked: select() with a zero timeout returns 0; with nfds one
 * larger it returns 1 with the bit set. The data stays unread.
 */
#include <sys/select.h>

#include "pts_helpers.h"

int main(void)
{
	struct timeval tv = { 0, 0 };
	fd_set r;
	int p[2], n;
	char c;

	if (pipe(p) || write(p[1], "x", 1) != 1)
		PTS_UNRES("pipe(): %m");
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	n = select(p[0], &r, NULL, NULL, &tv);
	if (n != 0)
		PTS_FAILED("select(nfds %d) with only descriptor %d readable: %d, expected 0",
			   p[0], p[0], n);
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	tv = (struct timeval){ 0, 0 };
	n = select(p[0] + 1, &r, NULL, NULL, &tv);
	if (n != 1 || !FD_ISSET(p[0], &r))
		PTS_FAILED("select(nfds %d): %d, bit %d", p[0] + 1, n,
			   FD_ISSET(p[0], &r));
	if (read(p[0], &c, 1) != 1 || c != 'x')
		PTS_FAILED("the byte not readable after select()");
	PTS_PASSED("a descriptor at nfds not checked, one below it is");
}
