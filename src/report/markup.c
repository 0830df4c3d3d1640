// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "markup.h"
#include "utf8.h"

void markup_escape(FILE *f, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n;

	while (i < len) {
		unsigned char c = p[i];

		switch (c) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		case '\t':
		case '\n':
		case '\r':
			fputc(c, f);
			break;
		default:
			if (c < 0x20 || c == 0x7f) {
				fputs("&#xfffd;", f);
			} else if (c < 0x80) {
				fputc(c, f);
			} else {
				n = utf8_seq_len(p + i, len - i);
				if (!n) {
					fputs("&#xfffd;", f);
					break;
				}
				fwrite(p + i, 1, n, f);
				i += n;
				continue;
			}
		}
		i++;
	}
}

void markup_escapes(FILE *f, const char *s)
{
	markup_escape(f, s, strlen(s));
}
