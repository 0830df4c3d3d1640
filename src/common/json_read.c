// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "strbuf.h"
#include "utf8.h"

/* Records nest two levels; anything deeper than this is not ours. */
#define MAX_DEPTH	32

struct parser {
	const char *s;
	size_t len;
	size_t pos;
	const char *err;
};

static int fail(struct parser *p, const char *err)
{
	if (!p->err)
		p->err = err;
	return -1;
}

static void skip_ws(struct parser *p)
{
	while (p->pos < p->len && strchr(" \t\r\n", p->s[p->pos]) &&
	       p->s[p->pos])
		p->pos++;
}

static int literal(struct parser *p, const char *word)
{
	size_t n = strlen(word);

	if (p->len - p->pos < n || memcmp(p->s + p->pos, word, n))
		return fail(p, "unknown literal");
	p->pos += n;
	return 0;
}

static int hex4(struct parser *p, unsigned long *out)
{
	unsigned long v = 0;
	int i;
	char c;

	if (p->len - p->pos < 4)
		return fail(p, "short \\u escape");
	for (i = 0; i < 4; i++) {
		c = p->s[p->pos++];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return fail(p, "bad hex digit in \\u escape");
	}
	*out = v;
	return 0;
}

/* After "\u": one code point, joining a surrogate pair. */
static int unicode_escape(struct parser *p, struct strbuf *sb)
{
	unsigned long cp, lo;
	char utf8[4];

	if (hex4(p, &cp))
		return -1;
	if (cp >= 0xd800 && cp <= 0xdbff && p->len - p->pos >= 6 &&
	    p->s[p->pos] == '\\' && p->s[p->pos + 1] == 'u') {
		p->pos += 2;
		if (hex4(p, &lo))
			return -1;
		if (lo >= 0xdc00 && lo <= 0xdfff) {
			cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
		} else {
			/* not a pair: replace the first, keep the second */
			sb_add(sb, utf8, utf8_encode(0xfffd, utf8));
			cp = lo;
		}
	}
	if (cp >= 0xd800 && cp <= 0xdfff)
		cp = 0xfffd;
	sb_add(sb, utf8, utf8_encode(cp, utf8));
	return 0;
}

static int string(struct parser *p, char **out, size_t *out_len)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned char c;
	size_t start;

	p->pos++;	/* the opening quote */
	for (;;) {
		start = p->pos;
		while (p->pos < p->len && p->s[p->pos] != '"' &&
		       p->s[p->pos] != '\\' &&
		       (unsigned char)p->s[p->pos] >= 0x20)
			p->pos++;
		sb_add(&sb, p->s + start, p->pos - start);
		if (p->pos >= p->len)
			goto bad_end;
		c = p->s[p->pos++];
		if (c == '"')
			break;
		if (c < 0x20) {
			p->pos--;
			fail(p, "raw control character in string");
			goto err;
		}
		if (p->pos >= p->len)
			goto bad_end;
		c = p->s[p->pos++];
		switch (c) {
		case '"':
		case '\\':
		case '/':
			sb_addc(&sb, c);
			break;
		case 'b':
			sb_addc(&sb, '\b');
			break;
		case 'f':
			sb_addc(&sb, '\f');
			break;
		case 'n':
			sb_addc(&sb, '\n');
			break;
		case 'r':
			sb_addc(&sb, '\r');
			break;
		case 't':
			sb_addc(&sb, '\t');
			break;
		case 'u':
			if (unicode_escape(p, &sb))
				goto err;
			break;
		default:
			p->pos--;
			fail(p, "unknown escape in string");
			goto err;
		}
	}
	*out_len = sb.len;
	*out = sb_detach(&sb);
	return 0;
bad_end:
	fail(p, "unterminated string");
err:
	sb_free(&sb);
	return -1;
}

static int number(struct parser *p, double *out)
{
	size_t start = p->pos;
	char buf[64], *end;

	if (p->pos < p->len && p->s[p->pos] == '-')
		p->pos++;
	if (p->pos >= p->len || p->s[p->pos] < '0' || p->s[p->pos] > '9')
		return fail(p, "bad number");
	while (p->pos < p->len && strchr("0123456789+-.eE", p->s[p->pos]) &&
	       p->s[p->pos])
		p->pos++;
	if (p->pos - start >= sizeof(buf))
		return fail(p, "number too long");
	memcpy(buf, p->s + start, p->pos - start);
	buf[p->pos - start] = '\0';
	*out = strtod(buf, &end);
	if (*end)
		return fail(p, "bad number");
	return 0;
}

static int value(struct parser *p, struct json_value *v, int depth);

static void append(struct json_value *v, struct json_value *item, char *key)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 8;
		v->items = xrealloc(v->items, v->cap * sizeof(*v->items));
		if (v->type == JSON_OBJECT)
			v->keys = xrealloc(v->keys, v->cap * sizeof(*v->keys));
	}
	v->items[v->n] = *item;
	if (v->type == JSON_OBJECT)
		v->keys[v->n] = key;
	v->n++;
}

static int container(struct parser *p, struct json_value *v, int depth)
{
	char close = v->type == JSON_OBJECT ? '}' : ']';
	struct json_value item;
	size_t key_len;
	char *key = NULL;

	if (depth >= MAX_DEPTH)
		return fail(p, "nested too deep");
	p->pos++;
	skip_ws(p);
	if (p->pos < p->len && p->s[p->pos] == close) {
		p->pos++;
		return 0;
	}
	for (;;) {
		skip_ws(p);
		if (v->type == JSON_OBJECT) {
			if (p->pos >= p->len || p->s[p->pos] != '"')
				return fail(p, "expected a key");
			if (string(p, &key, &key_len))
				return -1;
			skip_ws(p);
			if (p->pos >= p->len || p->s[p->pos] != ':') {
				free(key);
				return fail(p, "expected ':'");
			}
			p->pos++;
		}
		memset(&item, 0, sizeof(item));
		if (value(p, &item, depth + 1)) {
			json_free(&item);
			free(key);
			return -1;
		}
		append(v, &item, key);
		key = NULL;
		skip_ws(p);
		if (p->pos >= p->len)
			return fail(p, "unexpected end");
		if (p->s[p->pos] == ',') {
			p->pos++;
			continue;
		}
		if (p->s[p->pos] == close) {
			p->pos++;
			return 0;
		}
		return fail(p, "expected ',' or the closing bracket");
	}
}

static int value(struct parser *p, struct json_value *v, int depth)
{
	skip_ws(p);
	if (p->pos >= p->len)
		return fail(p, "unexpected end");
	switch (p->s[p->pos]) {
	case '{':
		v->type = JSON_OBJECT;
		return container(p, v, depth);
	case '[':
		v->type = JSON_ARRAY;
		return container(p, v, depth);
	case '"':
		v->type = JSON_STRING;
		return string(p, &v->str, &v->len);
	case 't':
		v->type = JSON_BOOL;
		v->boolean = 1;
		return literal(p, "true");
	case 'f':
		v->type = JSON_BOOL;
		return literal(p, "false");
	case 'n':
		v->type = JSON_NULL;
		return literal(p, "null");
	default:
		v->type = JSON_NUMBER;
		return number(p, &v->number);
	}
}

int json_parse(const char *text, size_t len, struct json_value *out,
	       const char **err, size_t *err_pos)
{
	struct parser p = { text, len, 0, NULL };

	memset(out, 0, sizeof(*out));
	if (!value(&p, out, 0)) {
		skip_ws(&p);
		if (p.pos == p.len)
			return 0;
		fail(&p, "text after the value");
	}
	json_free(out);
	*err = p.err;
	*err_pos = p.pos;
	return -1;
}

void json_free(struct json_value *v)
{
	size_t i;

	for (i = 0; i < v->n; i++) {
		json_free(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->str);
	memset(v, 0, sizeof(*v));
}

const struct json_value *json_get(const struct json_value *v, const char *key)
{
	size_t i;

	if (v->type != JSON_OBJECT)
		return NULL;
	for (i = 0; i < v->n; i++) {
		if (!strcmp(v->keys[i], key))
			return &v->items[i];
	}
	return NULL;
}
