// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

static void out_of_memory(size_t size)
{
	fprintf(stderr, "out of memory allocating %zu bytes\n", size);
	exit(2);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		out_of_memory(size);
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		out_of_memory(size);
	return p;
}

char *xstrndup(const char *s, size_t len)
{
	char *p = xmalloc(len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

void sb_grow(struct strbuf *sb, size_t more)
{
	size_t need = sb->len + more + 1;

	if (need <= sb->cap)
		return;
	if (need < sb->cap * 2)
		need = sb->cap * 2;
	if (need < 64)
		need = 64;
	sb->buf = xrealloc(sb->buf, need);
	sb->cap = need;
}

void sb_add(struct strbuf *sb, const void *data, size_t len)
{
	sb_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void sb_addc(struct strbuf *sb, char c)
{
	sb_add(sb, &c, 1);
}

void sb_adds(struct strbuf *sb, const char *s)
{
	sb_add(sb, s, strlen(s));
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	sb_grow(sb, 64);
	va_start(ap, fmt);
	n = vsnprintf(sb->buf + sb->len, sb->cap - sb->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sb->cap - sb->len) {
		sb_grow(sb, n);
		va_start(ap, fmt);
		vsnprintf(sb->buf + sb->len, sb->cap - sb->len, fmt, ap);
		va_end(ap);
	}
	sb->len += n;
}

void sb_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

void sb_free(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

char *sb_detach(struct strbuf *sb)
{
	char *s = sb->buf ? sb->buf : xstrdup("");

	sb->buf = NULL;
	sb->len = sb->cap = 0;
	return s;
}
