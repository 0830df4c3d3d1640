// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtest.h"
#include "strbuf.h"

static int tag_char_ok(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '.' ||
	       c == '+' || c == '-';
}

int runtest_tag_ok(const char *tag)
{
	if (!*tag)
		return 0;
	for (; *tag; tag++) {
		if (!tag_char_ok(*tag))
			return 0;
	}
	return 1;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* What a "#@" line said about the test line that follows it. */
struct directive {
	int exclusive;
	double timeout;
	unsigned int line;	/* of the directive, 0: none pending */
};

static void add_entry(struct test_list *list, const char *tag, size_t tag_len,
		      const char *cmd, size_t cmd_len, const char *file,
		      unsigned int line, const struct directive *d)
{
	struct test_entry *e;

	if (list->n == list->cap) {
		list->cap = list->cap ? list->cap * 2 : 64;
		list->v = xrealloc(list->v, list->cap * sizeof(*list->v));
	}
	e = &list->v[list->n++];
	e->tag = xstrndup(tag, tag_len);
	e->cmd = xstrndup(cmd, cmd_len);
	e->file = file;
	e->line = line;
	e->exclusive = d->exclusive;
	e->timeout = d->timeout;
}

/*
 * "#@ exclusive timeout=SECS": words separated by blanks. Returns 1 when
 * the line is bad (after printing why), 0 otherwise.
 */
static int parse_directive(const char *path, unsigned int lineno,
			   const char *s, size_t len, struct directive *d)
{
	size_t i = 0, start;
	char word[64], *end;
	double secs;

	if (d->line) {
		fprintf(stderr, "%s:%u: a second \"#@\" line before the test line of line %u; put all words on one line\n",
			path, lineno, d->line);
		return 1;
	}
	d->line = lineno;
	for (;;) {
		while (i < len && is_blank(s[i]))
			i++;
		if (i == len)
			return 0;
		start = i;
		while (i < len && !is_blank(s[i]))
			i++;
		snprintf(word, sizeof(word), "%.*s", (int)(i - start),
			 s + start);
		if (!strcmp(word, "exclusive")) {
			d->exclusive = 1;
			continue;
		}
		if (!strncmp(word, "timeout=", 8)) {
			secs = strtod(word + 8, &end);
			if (end != word + 8 && !*end && secs > 0 &&
			    secs < 1e7) {
				d->timeout = secs;
				continue;
			}
		}
		fprintf(stderr, "%s:%u: \"#@\" line: cannot use \"%s\"; known words: exclusive, timeout=SECS\n",
			path, lineno, word);
		return 1;
	}
}

/* Describe a byte of a bad tag so that invisible ones can be seen. */
static void describe_char(unsigned char c, char *out, size_t size)
{
	if (c > 0x20 && c < 0x7f)
		snprintf(out, size, "'%c'", c);
	else
		snprintf(out, size, "byte 0x%02x", c);
}

/* Returns 1 when the line is bad (after printing why), 0 otherwise. */
static int parse_line(const char *path, unsigned int lineno, char *s,
		      size_t len, struct test_list *list, struct directive *d)
{
	size_t i = 0, tag_start, tag_end, cmd_start, cmd_end;
	char what[16];

	if (memchr(s, '\0', len)) {
		fprintf(stderr, "%s:%u: NUL byte in line\n", path, lineno);
		return 1;
	}
	while (i < len && is_blank(s[i]))
		i++;
	if (i + 1 < len && s[i] == '#' && s[i + 1] == '@')
		return parse_directive(path, lineno, s + i + 2, len - i - 2, d);
	if (i == len || s[i] == '#')
		return 0;

	tag_start = i;
	while (i < len && !is_blank(s[i]))
		i++;
	tag_end = i;
	while (i < len && is_blank(s[i]))
		i++;
	cmd_start = i;
	cmd_end = len;
	while (cmd_end > cmd_start && is_blank(s[cmd_end - 1]))
		cmd_end--;

	for (i = tag_start; i < tag_end; i++) {
		if (!tag_char_ok(s[i])) {
			describe_char(s[i], what, sizeof(what));
			fprintf(stderr,
				"%s:%u: tag \"%.*s\" contains %s; tags may only use A-Z a-z 0-9 _ . + -\n",
				path, lineno, (int)(tag_end - tag_start),
				s + tag_start, what);
			return 1;
		}
	}
	if (cmd_start == cmd_end) {
		fprintf(stderr,
			"%s:%u: tag \"%.*s\" has no command; write \"tag command args...\"\n",
			path, lineno, (int)(tag_end - tag_start),
			s + tag_start);
		return 1;
	}
	add_entry(list, s + tag_start, tag_end - tag_start, s + cmd_start,
		  cmd_end - cmd_start, path, lineno, d);
	memset(d, 0, sizeof(*d));
	return 0;
}

unsigned int runtest_load(const char *path, struct test_list *list)
{
	unsigned int problems = 0, lineno = 0;
	struct directive d = { 0, 0, 0 };
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	FILE *f;

	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "%s: cannot open %s: %s\n",
			program_invocation_short_name, path, strerror(errno));
		return 1;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		if (len && line[len - 1] == '\n')
			len--;
		problems += parse_line(path, lineno, line, len, list, &d);
	}
	if (d.line) {
		fprintf(stderr, "%s:%u: \"#@\" line without a test line after it\n",
			path, d.line);
		problems++;
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: cannot read %s: %s\n",
			program_invocation_short_name, path, strerror(errno));
		problems++;
	}
	free(line);
	fclose(f);
	return problems;
}
