// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getentropy() (POSIX.1-2024) shall fail with [EINVAL] when length is
 * greater than {GETENTROPY_MAX} (256), writing nothing. glibc 2.36
 * refuses such a length with [EIO] (the error of the BSD interface it
 * copied): reported as a known issue; anything else but -1 fails.
 */
#include "pts_helpers.h"

int main(void)
{
	unsigned char buf[512], *big;
	size_t i;
	int r;

	memset(buf, 0x5a, sizeof(buf));
	errno = 0;
	r = getentropy(buf, 257);
	if (r != -1)
		PTS_FAILED("getentropy(257) returned %d, expected -1", r);
	for (i = 0; i < sizeof(buf); i++)
		if (buf[i] != 0x5a)
			PTS_FAILED("a refused call wrote byte %zu", i);
	if (errno == EIO)
		PTS_KNOWN_ISSUE("getentropy EINVAL",
				"glibc fails getentropy(257) with EIO, not EINVAL");
	if (errno != EINVAL)
		PTS_FAILED("getentropy(257): errno %s, expected EINVAL",
			   strerrorname_np(errno) ? strerrorname_np(errno) : "0");
	big = malloc(100000);
	if (!big)
		PTS_UNRES("malloc failed");
	PTS_EXPECT_ERRNO(getentropy(big, 100000), EINVAL, "getentropy(100000)");
	PTS_PASSED("EINVAL above GETENTROPY_MAX, nothing written");
}
