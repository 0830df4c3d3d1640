// SPDX-License-Identifier: GPL-2.0-or-later
#include "utf8.h"

static int is_cont(unsigned char c)
{
	return (c & 0xc0) == 0x80;
}

size_t utf8_seq_len(const unsigned char *s, size_t avail)
{
	unsigned char c = s[0];

	if (c >= 0xc2 && c <= 0xdf)
		return avail >= 2 && is_cont(s[1]) ? 2 : 0;
	if (c >= 0xe0 && c <= 0xef) {
		if (avail < 3 || !is_cont(s[1]) || !is_cont(s[2]))
			return 0;
		if (c == 0xe0 && s[1] < 0xa0)	/* overlong */
			return 0;
		if (c == 0xed && s[1] >= 0xa0)	/* UTF-16 surrogate */
			return 0;
		return 3;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		if (avail < 4 || !is_cont(s[1]) || !is_cont(s[2]) ||
		    !is_cont(s[3]))
			return 0;
		if (c == 0xf0 && s[1] < 0x90)	/* overlong */
			return 0;
		if (c == 0xf4 && s[1] >= 0x90)	/* above U+10FFFF */
			return 0;
		return 4;
	}
	return 0;
}

size_t utf8_encode(unsigned long cp, char *out)
{
	if (cp < 0x80) {
		out[0] = cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = 0xc0 | (cp >> 6);
		out[1] = 0x80 | (cp & 0x3f);
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = 0xe0 | (cp >> 12);
		out[1] = 0x80 | ((cp >> 6) & 0x3f);
		out[2] = 0x80 | (cp & 0x3f);
		return 3;
	}
	out[0] = 0xf0 | (cp >> 18);
	out[1] = 0x80 | ((cp >> 12) & 0x3f);
	out[2] = 0x80 | ((cp >> 6) & 0x3f);
	out[3] = 0x80 | (cp & 0x3f);
	return 4;
}
