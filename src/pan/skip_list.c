// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "skip_list.h"
#include "strbuf.h"

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static void add(struct skip_list *sl, const char *glob, size_t glob_len,
		const char *why, size_t why_len, unsigned int line)
{
	struct skip_entry *e;
	struct strbuf reason = STRBUF_INIT;

	sl->v = xrealloc(sl->v, (sl->n + 1) * sizeof(*sl->v));
	e = &sl->v[sl->n++];
	e->glob = xstrndup(glob, glob_len);
	sb_printf(&reason, "skipped by %s", sl->path);
	if (why_len)
		sb_printf(&reason, ": %.*s", (int)why_len, why);
	e->reason = sb_detach(&reason);
	e->used = 0;
	e->line = line;
}

int skip_list_load(const char *path, struct skip_list *sl)
{
	unsigned int lineno = 0;
	size_t cap = 0, i, g, w, end;
	char *line = NULL;
	ssize_t len;
	FILE *f;

	memset(sl, 0, sizeof(*sl));
	sl->path = path;
	f = fopen(path, "re");
	if (!f) {
		fprintf(stderr, "ltp-pan: cannot open skip list %s: %s\n", path,
			strerror(errno));
		return -1;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		end = len;
		while (end && (line[end - 1] == '\n' || is_blank(line[end - 1])))
			end--;
		if (memchr(line, '\0', end)) {
			fprintf(stderr, "%s:%u: NUL byte in line\n", path, lineno);
			free(line);
			fclose(f);
			return -1;
		}
		for (i = 0; i < end && is_blank(line[i]); i++)
			;
		if (i == end || line[i] == '#')
			continue;
		for (g = i; i < end && !is_blank(line[i]); i++)
			;
		for (w = i; w < end && is_blank(line[w]); w++)
			;
		add(sl, line + g, i - g, line + w, end - w, lineno);
	}
	free(line);
	if (ferror(f)) {
		fprintf(stderr, "ltp-pan: cannot read skip list %s: %s\n", path,
			strerror(errno));
		fclose(f);
		return -1;
	}
	fclose(f);
	return 0;
}

const char *skip_list_match(const struct skip_list *sl, const char *tag)
{
	size_t i;

	for (i = 0; sl && i < sl->n; i++) {
		if (!fnmatch(sl->v[i].glob, tag, 0)) {
			sl->v[i].used = 1;
			return sl->v[i].reason;
		}
	}
	return NULL;
}
