/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Test output is arbitrary bytes. Records are JSON (which must be UTF-8)
 * and the HTML page declares UTF-8, so both writers need to tell a valid
 * sequence from a stray byte.
 */
#ifndef UTF8_H
#define UTF8_H

#include <stddef.h>

/*
 * Length (2..4) of the valid, shortest-form UTF-8 sequence of a non-ASCII
 * character starting at s, or 0 when s[0] does not start one. No
 * surrogates, nothing above U+10FFFF. Never reads past s + avail.
 */
size_t utf8_seq_len(const unsigned char *s, size_t avail);

/* Append code point cp (<= 0x10FFFF) as UTF-8 to out; returns bytes (1..4). */
size_t utf8_encode(unsigned long cp, char *out);

#endif /* UTF8_H */
