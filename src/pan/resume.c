// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "resume.h"

static int str_is(const struct json_value *v, const char *s)
{
	return v && v->type == JSON_STRING && !strcmp(v->str, s);
}

/* One line; returns -1 when the plan differs. */
static int take(const char *path, struct json_value *o, struct plan *p,
		int *have_run, long *done, unsigned int *failed)
{
	const struct json_value *type = json_get(o, "type");
	const struct json_value *id, *idx, *tag, *cls;
	size_t i;

	if (str_is(type, "run") && !*have_run) {
		*have_run = 1;
		id = json_get(o, "plan_id");
		if (str_is(id, p->id))
			return 0;
		fprintf(stderr, "ltp-pan: cannot continue %s: %s; start a new run instead\n",
			path, id ? "its tests were chosen differently (runtest files, -s, -I or -R changed since)" :
			"it was written by an ltp-pan without --resume support");
		return -1;
	}
	if (!str_is(type, "test"))
		return 0;
	idx = json_get(o, "index");
	tag = json_get(o, "tag");
	if (!idx || idx->type != JSON_NUMBER || idx->number < 0 ||
	    idx->number >= p->n || !tag || tag->type != JSON_STRING)
		return 0;
	i = idx->number;
	if (strcmp(p->v[i].t->tag, tag->str))
		return 0;
	if (p->v[i].done)
		return 0;
	(*done)++;
	p->v[i].done = 1;
	cls = json_get(o, "class");
	if (str_is(cls, "fail") || str_is(cls, "broken"))
		(*failed)++;
	return 0;
}

long resume_mark_done(const char *path, struct plan *p,
		      unsigned int *failed)
{
	char *line = NULL;
	const char *why;
	size_t cap = 0, col;
	struct json_value v;
	int have_run = 0, bad = 0;
	long done = 0;
	ssize_t len;

	*failed = 0;
	FILE *f;

	f = fopen(path, "re");
	if (!f) {
		fprintf(stderr, "ltp-pan: cannot continue %s: %s\n", path,
			strerror(errno));
		return -1;
	}
	/* lines that are not records (cut by a crash) are left out */
	while (!bad && (len = getline(&line, &cap, f)) >= 0) {
		if (json_parse(line, len, &v, &why, &col))
			continue;
		bad = take(path, &v, p, &have_run, &done, failed);
		json_free(&v);
	}
	free(line);
	fclose(f);
	if (bad)
		return -1;
	if (!have_run) {
		fprintf(stderr, "ltp-pan: cannot continue %s: it has no run record\n",
			path);
		return -1;
	}
	return done;
}
