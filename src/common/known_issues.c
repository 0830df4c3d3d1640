// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "known_issues.h"
#include "strbuf.h"

#define BLANKS " \t"

/* Blank, or a comment: nothing but white space before the end or a '#'. */
static int ignored(const char *line)
{
	while (isspace((unsigned char)*line))
		line++;
	return !*line || *line == '#';
}

static unsigned int count_words(const char *s)
{
	unsigned int n = 0;

	for (;;) {
		s += strspn(s, BLANKS);
		if (!*s)
			return n;
		n++;
		s += strcspn(s, BLANKS);
	}
}

/* 1 when word is one of the blank separated words of list. */
static int has_word(const char *list, const char *word)
{
	size_t len = strlen(word), n;

	for (;;) {
		list += strspn(list, BLANKS);
		if (!*list)
			return 0;
		n = strcspn(list, BLANKS);
		if (n == len && !memcmp(list, word, len))
			return 1;
		list += n;
	}
}

/* The next word at *s, ended in place by a NUL; *s moves past it. */
static char *next_word(char **s)
{
	char *w = *s + strspn(*s, BLANKS);
	char *end = w + strcspn(w, BLANKS);

	*s = *end ? end + 1 : end;
	*end = '\0';
	return w;
}

/* http:// or https:// and something after it (a word has no blanks) */
static int is_url(const char *s)
{
	if (!strncmp(s, "https://", 8))
		return s[8] != '\0';
	if (!strncmp(s, "http://", 7))
		return s[7] != '\0';
	return 0;
}

/*
 * Check the words of one entry; each problem named on stderr. Returns
 * how many there are.
 */
static unsigned int check_entry(const char *path, unsigned int lineno,
				const struct known_issue *e, const char *class,
				const char *flavours)
{
	unsigned int bad = 0;

	if (flavours && strcmp(e->flavour, "*") &&
	    !has_word(flavours, e->flavour)) {
		fprintf(stderr, "%s:%u: flavour \"%s\" is neither * nor one of the flavours (%s)\n",
			path, lineno, e->flavour, flavours);
		bad++;
	}
	if (e->rc != RC_FAIL && e->rc != RC_BROKEN) {
		fprintf(stderr, "%s:%u: class \"%s\": expected fail or broken\n",
			path, lineno, class);
		bad++;
	}
	if (!is_url(e->link)) {
		fprintf(stderr, "%s:%u: link \"%s\": expected the http(s) URL of the kernel fix\n",
			path, lineno, e->link);
		bad++;
	}
	return bad;
}

/*
 * One line without its newline: an entry appended to ki, or nothing for
 * a comment. Returns the number of problems named on stderr.
 */
static unsigned int parse_line(struct known_issues *ki, const char *path,
			       unsigned int lineno, const char *line,
			       const char *flavours)
{
	struct known_issue e = { .line = lineno };
	unsigned int nf = count_words(line);
	char *rest, *class;
	size_t len;

	if (ignored(line))
		return 0;
	if (nf < 5) {
		fprintf(stderr, "%s:%u: expected FLAVOUR TAG CLASS LINK REASON, got %u fields\n",
			path, lineno, nf);
		return 1;
	}
	e.text = rest = xstrdup(line);
	len = strlen(rest);
	while (len && isspace((unsigned char)rest[len - 1]))
		rest[--len] = '\0';
	e.flavour = next_word(&rest);
	e.tag = next_word(&rest);
	class = next_word(&rest);
	e.link = next_word(&rest);
	e.reason = rest + strspn(rest, BLANKS);
	e.rc = rc_from_name(class);
	nf = check_entry(path, lineno, &e, class, flavours);
	if (nf) {
		free(e.text);
		return nf;
	}
	ki->v = xrealloc(ki->v, (ki->n + 1) * sizeof(*ki->v));
	ki->v[ki->n++] = e;
	return 0;
}

int known_issues_load(const char *path, const char *flavours,
		      struct known_issues *ki)
{
	unsigned int lineno = 0, bad = 0;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	FILE *f;

	memset(ki, 0, sizeof(*ki));
	f = fopen(path, "re");
	if (!f) {
		fprintf(stderr, "%s: cannot open %s: %s\n",
			program_invocation_short_name, path, strerror(errno));
		return -1;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		if (len && line[len - 1] == '\n')
			line[len - 1] = '\0';
		bad += parse_line(ki, path, lineno, line, flavours);
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: cannot read %s: %s\n",
			program_invocation_short_name, path, strerror(errno));
		bad++;
	}
	free(line);
	fclose(f);
	if (bad) {
		known_issues_free(ki);
		return -1;
	}
	return 0;
}

int known_issue_matches(const struct known_issue *e, const char *flavour,
			const char *tag, enum result_class rc)
{
	return e->rc == rc && !strcmp(e->tag, tag) &&
	       (!strcmp(e->flavour, "*") || !strcmp(e->flavour, flavour));
}

const struct known_issue *known_issues_match(const struct known_issues *ki,
					     const char *flavour,
					     const char *tag,
					     enum result_class rc)
{
	size_t i;

	for (i = 0; i < ki->n; i++) {
		if (known_issue_matches(&ki->v[i], flavour, tag, rc))
			return &ki->v[i];
	}
	return NULL;
}

void known_issues_free(struct known_issues *ki)
{
	size_t i;

	for (i = 0; i < ki->n; i++)
		free(ki->v[i].text);
	free(ki->v);
	memset(ki, 0, sizeof(*ki));
}
