// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ppoll() timeout: a zero timespec polls and returns 0 at once when no
 * descriptor is ready (revents 0); a 200 ms timeout with nothing ready
 * returns 0 no earlier than 200 ms later on CLOCK_MONOTONIC; the
 * timespec passed is not modified (POSIX gives ppoll a const timeout).
 * A ready descriptor is reported even with a zero timeout.
 */
#include "pts_p20.h"

int main(void)
{
	struct timespec zero = { 0, 0 }, to = { 0, 200000000 };
	struct pollfd pfd;
	long long t0, t1;
	int p[2], r;

	if (pipe(p))
		PTS_UNRES("pipe: %s", strerror(errno));
	pfd.fd = p[0];
	pfd.events = POLLIN;
	pfd.revents = -1;
	r = ppoll(&pfd, 1, &zero, NULL);
	if (r != 0 || pfd.revents)
		PTS_FAILED("zero timeout: %d revents %#x, expected 0 0", r, pfd.revents);
	t0 = pts_now(CLOCK_MONOTONIC);
	r = ppoll(&pfd, 1, &to, NULL);
	t1 = pts_now(CLOCK_MONOTONIC);
	if (r != 0)
		PTS_FAILED("200 ms timeout returned %d", r);
	if (t1 - t0 < 200000000LL)
		PTS_FAILED("returned after %lld ns, before the 200 ms timeout", t1 - t0);
	if (to.tv_sec != 0 || to.tv_nsec != 200000000)
		PTS_FAILED("the timeout was changed to %ld.%09ld", (long)to.tv_sec,
			   to.tv_nsec);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write: %s", strerror(errno));
	r = ppoll(&pfd, 1, &zero, NULL);
	if (r != 1 || pfd.revents != POLLIN)
		PTS_FAILED("ready pipe, zero timeout: %d revents %#x", r, pfd.revents);
	PTS_PASSED("zero timeout polls, a timeout is waited for at least, timespec untouched");
}
