// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <string.h>

#include "markup.h"
#include "strbuf.h"
#include "utf8.h"

/*
 * Length of the terminal escape sequence at p (ESC already seen at p[0]):
 * CSI (ESC [ parameters intermediates final) or OSC (ESC ] ... BEL or
 * ESC \\); 0 when p starts neither. A sequence cut off by the end of the
 * text runs to it.
 */
static size_t terminal_escape_len(const unsigned char *p, size_t len)
{
	size_t i = 2;

	if (len < 2)
		return 0;
	if (p[1] == '[') {
		while (i < len && p[i] >= 0x20 && p[i] <= 0x3f)
			i++;
		return i < len && p[i] >= 0x40 && p[i] <= 0x7e ? i + 1 : i;
	}
	if (p[1] == ']') {
		for (; i < len; i++) {
			if (p[i] == 0x07)
				return i + 1;
			if (p[i] == 0x1b && i + 1 < len && p[i + 1] == '\\')
				return i + 2;
		}
		return len;
	}
	return 0;
}

/* A C1 control (U+0080..U+009F) encoded as UTF-8: C2 80 .. C2 9F. */
static int is_c1(const unsigned char *p, size_t n)
{
	return n == 2 && p[0] == 0xc2 && p[1] <= 0x9f;
}

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
		case 0x1b:
			/* colours and titles: the view shows the text only */
			n = terminal_escape_len(p + i, len - i);
			if (n) {
				i += n;
				continue;
			}
			fputs("&#xfffd;", f);
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
				if (is_c1(p + i, n))
					fputs("&#xfffd;", f);
				else
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

int markup_escape_stream(FILE *in, FILE *out)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[65536];
	size_t n;

	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		sb_add(&sb, buf, n);
	if (ferror(in)) {
		perror("ltp-report: --escape-html: standard input");
		sb_free(&sb);
		return -1;
	}
	markup_escape(out, sb.buf, sb.len);
	sb_free(&sb);
	if (fflush(out) || ferror(out)) {
		perror("ltp-report: --escape-html: standard output");
		return -1;
	}
	return 0;
}
