// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "summary_scan.h"

static long *counter(struct test_counts *c, const char *name, size_t len)
{
	static const struct {
		const char *name;
		size_t off;
	} fields[] = {
		{ "passed", offsetof(struct test_counts, passed) },
		{ "failed", offsetof(struct test_counts, failed) },
		{ "broken", offsetof(struct test_counts, broken) },
		{ "skipped", offsetof(struct test_counts, skipped) },
		{ "warnings", offsetof(struct test_counts, warnings) },
	};
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		if (strlen(fields[i].name) == len &&
		    !memcmp(fields[i].name, name, len))
			return (long *)((char *)c + fields[i].off);
	}
	return NULL;
}

/* "name<spaces>number": store it; anything else ends the block. */
static void block_line(struct summary_scan *s, char *line)
{
	char *p = line, *end;
	long *field, val;

	while (*p >= 'a' && *p <= 'z')
		p++;
	field = counter(&s->counts, line, p - line);
	if (!field || (*p != ' ' && *p != '\t')) {
		s->in_block = 0;
		return;
	}
	val = strtol(p, &end, 10);
	if (end == p || *end || val < 0) {
		s->in_block = 0;
		return;
	}
	*field = val;
}

static void end_line(struct summary_scan *s)
{
	char *line = s->line;

	if (s->too_long) {
		s->in_block = 0;
		goto out;
	}
	line[s->len] = '\0';
	if (s->len && line[s->len - 1] == '\r')
		line[s->len - 1] = '\0';
	if (!strcmp(line, "Summary:")) {
		/* a later block (e.g. of a re-run) replaces an earlier one */
		memset(&s->counts, 0, sizeof(s->counts));
		s->in_block = 1;
	} else if (s->in_block) {
		block_line(s, line);
	}
out:
	s->len = 0;
	s->too_long = 0;
}

void summary_feed(struct summary_scan *s, const char *data, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (data[i] == '\n')
			end_line(s);
		else if (s->len < sizeof(s->line) - 1)
			s->line[s->len++] = data[i];
		else
			s->too_long = 1;
	}
}

void summary_finish(struct summary_scan *s)
{
	if (s->len)
		end_line(s);
}
