// SPDX-License-Identifier: GPL-2.0-or-later
#include <math.h>
#include <string.h>

#include "json_write.h"
#include "utf8.h"

void jw_quote(struct strbuf *sb, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n;

	sb_grow(sb, len + 2);
	sb_addc(sb, '"');
	while (i < len) {
		unsigned char c = p[i];

		switch (c) {
		case '"':
			sb_adds(sb, "\\\"");
			break;
		case '\\':
			sb_adds(sb, "\\\\");
			break;
		case '\n':
			sb_adds(sb, "\\n");
			break;
		case '\t':
			sb_adds(sb, "\\t");
			break;
		case '\r':
			sb_adds(sb, "\\r");
			break;
		default:
			if (c < 0x20 || c == 0x7f) {
				sb_printf(sb, "\\u%04x", c);
			} else if (c < 0x80) {
				sb_addc(sb, c);
			} else {
				n = utf8_seq_len(p + i, len - i);
				if (!n) {
					/*
					 * a stray byte: U+FFFD, as a reader
					 * would otherwise take it for Latin-1
					 */
					sb_adds(sb, "\\ufffd");
					break;
				}
				sb_add(sb, p + i, n);
				i += n;
				continue;
			}
		}
		i++;
	}
	sb_addc(sb, '"');
}

void jw_open(struct strbuf *sb)
{
	sb_addc(sb, '{');
}

void jw_close(struct strbuf *sb)
{
	sb_addc(sb, '}');
}

void jw_key(struct strbuf *sb, const char *key)
{
	if (sb->len && sb->buf[sb->len - 1] != '{' &&
	    sb->buf[sb->len - 1] != '[')
		sb_addc(sb, ',');
	jw_quote(sb, key, strlen(key));
	sb_addc(sb, ':');
}

void jw_strn(struct strbuf *sb, const char *key, const char *val, size_t len)
{
	jw_key(sb, key);
	jw_quote(sb, val, len);
}

void jw_str(struct strbuf *sb, const char *key, const char *val)
{
	jw_strn(sb, key, val, strlen(val));
}

void jw_int(struct strbuf *sb, const char *key, long long val)
{
	jw_key(sb, key);
	sb_printf(sb, "%lld", val);
}

void jw_secs(struct strbuf *sb, const char *key, double val)
{
	jw_key(sb, key);
	/* JSON has no NaN or infinity */
	sb_printf(sb, "%.6f", isfinite(val) ? val : 0.0);
}

void jw_bool(struct strbuf *sb, const char *key, int val)
{
	jw_key(sb, key);
	sb_adds(sb, val ? "true" : "false");
}

void jw_str_array(struct strbuf *sb, const char *key,
		  char *const *vals, size_t n)
{
	size_t i;

	jw_key(sb, key);
	sb_addc(sb, '[');
	for (i = 0; i < n; i++) {
		if (i)
			sb_addc(sb, ',');
		jw_quote(sb, vals[i], strlen(vals[i]));
	}
	sb_addc(sb, ']');
}
