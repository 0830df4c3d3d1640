/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Just enough of a JSON writer for the result records: flat objects of
 * strings, numbers, booleans, string arrays and one nested object. Keys
 * are separated automatically, so callers only open, add and close.
 */
#ifndef JSON_WRITE_H
#define JSON_WRITE_H

#include <stddef.h>

#include "strbuf.h"

/*
 * Append s[0..len) as a quoted JSON string. Bytes that are not valid
 * UTF-8 are written as \u00XX (their Latin-1 reading) so the line stays
 * valid JSON; control characters are escaped.
 */
void jw_quote(struct strbuf *sb, const char *s, size_t len);

void jw_open(struct strbuf *sb);	/* { */
void jw_close(struct strbuf *sb);	/* } */
/* "key": -- opens a nested value, e.g. before jw_open() */
void jw_key(struct strbuf *sb, const char *key);
void jw_str(struct strbuf *sb, const char *key, const char *val);
void jw_strn(struct strbuf *sb, const char *key, const char *val, size_t len);
void jw_int(struct strbuf *sb, const char *key, long long val);
/* Seconds with microseconds, e.g. 1733212800.123456 */
void jw_secs(struct strbuf *sb, const char *key, double val);
void jw_bool(struct strbuf *sb, const char *key, int val);
void jw_str_array(struct strbuf *sb, const char *key,
		  char *const *vals, size_t n);

#endif /* JSON_WRITE_H */
