/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A growable byte buffer. Records and views are built in memory and
 * written with one write() so a crash never leaves half a line behind
 * more often than it must. Allocation failure ends the program: the
 * executor and the report tool have nothing sensible to do without memory.
 */
#ifndef STRBUF_H
#define STRBUF_H

#include <stddef.h>

struct strbuf {
	char *buf;	/* always NUL terminated once anything was added */
	size_t len;
	size_t cap;
};

#define STRBUF_INIT { NULL, 0, 0 }

void sb_grow(struct strbuf *sb, size_t more);
void sb_add(struct strbuf *sb, const void *data, size_t len);
void sb_addc(struct strbuf *sb, char c);
void sb_adds(struct strbuf *sb, const char *s);
void sb_printf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sb_reset(struct strbuf *sb);
void sb_free(struct strbuf *sb);
/* Returns the string (never NULL) and leaves sb empty; caller frees. */
char *sb_detach(struct strbuf *sb);

/* malloc/realloc/strdup that exit with a message on failure. */
void *xmalloc(size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t len);

#endif /* STRBUF_H */
