/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small JSON reader for the result records: one complete value per
 * call, into a tree. Strings are decoded to UTF-8 (\uXXXX and surrogate
 * pairs included; a lone surrogate becomes U+FFFD) and may contain NUL
 * bytes, so their length is kept. Raw bytes >= 0x80 are passed through
 * as they are: the views check UTF-8 themselves.
 */
#ifndef JSON_READ_H
#define JSON_READ_H

#include <stddef.h>

enum json_type {
	JSON_NULL,
	JSON_BOOL,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT,
};

struct json_value {
	enum json_type type;
	int boolean;
	double number;
	char *str;			/* JSON_STRING, NUL terminated */
	size_t len;
	struct json_value *items;	/* array elements or object values */
	char **keys;			/* object keys */
	size_t n;
	size_t cap;			/* allocated items */
};

/*
 * Parse text[0..len) as exactly one JSON value (surrounding white space
 * allowed). Returns 0, or -1 with *err set to a static description and
 * *err_pos to the byte offset where parsing stopped.
 */
int json_parse(const char *text, size_t len, struct json_value *out,
	       const char **err, size_t *err_pos);
void json_free(struct json_value *v);

/* Member key of an object, or NULL (also when v is not an object). */
const struct json_value *json_get(const struct json_value *v, const char *key);

#endif /* JSON_READ_H */
