// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getentropy() (POSIX.1-2024) fills exactly length bytes of the buffer
 * and returns 0: for 1, 33 and {GETENTROPY_MAX} (256) bytes the bytes
 * just before and after the span keep a guard pattern, and two requests
 * of 32 bytes differ (a collision has probability 2^-256); a length of
 * 0 returns 0 and writes nothing.
 */
#include "pts_helpers.h"

static unsigned char buf[300];

static void fill(size_t len)
{
	size_t i;

	memset(buf, 0xa5, sizeof(buf));
	if (getentropy(buf + 8, len))
		PTS_FAILED("getentropy(%zu): %s", len, strerror(errno));
	for (i = 0; i < 8; i++)
		if (buf[i] != 0xa5)
			PTS_FAILED("length %zu: byte %zu before the buffer written", len, i);
	for (i = 8 + len; i < sizeof(buf); i++)
		if (buf[i] != 0xa5)
			PTS_FAILED("length %zu: byte %zu past the end written", len, i - 8);
}

int main(void)
{
	unsigned char a[32], b[32];
	size_t i, n;

	fill(0);
	fill(1);
	fill(33);
	fill(256);
	/* all 256 bytes left at the guard value would mean nothing was written */
	for (i = 8, n = 0; i < 8 + 256; i++)
		n += buf[i] == 0xa5;
	if (n == 256)
		PTS_FAILED("256 bytes requested, none changed");
	if (getentropy(a, sizeof(a)) || getentropy(b, sizeof(b)))
		PTS_FAILED("getentropy(32): %s", strerror(errno));
	if (!memcmp(a, b, sizeof(a)))
		PTS_FAILED("two 32-byte requests returned the same bytes");
	PTS_PASSED("exactly length bytes written for 0, 1, 33, 256; requests differ");
}
