// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "json_read.h"
#include "strbuf.h"

static int flag(const struct json_value *t, const char *key)
{
	const struct json_value *v = json_get(t, key);

	if (!v)
		return 0;
	if (v->type == JSON_BOOL)
		return v->boolean;
	return v->type == JSON_STRING && !strcmp(v->str, "1");
}

static char *str_or_empty(const struct json_value *t, const char *key)
{
	const struct json_value *v = json_get(t, key);

	return xstrdup(v && v->type == JSON_STRING ? v->str : "");
}

/*
 * How the build installs a test: a C source becomes a program of its base
 * name without ".c", a shell test is installed under its own name.
 */
static char *installed_name(const char *fname)
{
	const char *base = strrchr(fname, '/');
	size_t len;

	base = base ? base + 1 : fname;
	len = strlen(base);
	if (len > 2 && !strcmp(base + len - 2, ".c"))
		len -= 2;
	return xstrndup(base, len);
}

static void take_test(struct catalog_test *ct, const char *name,
		      const struct json_value *t)
{
	const struct json_value *v;
	size_t i;

	memset(ct, 0, sizeof(*ct));
	ct->name = xstrdup(name);
	ct->fname = str_or_empty(t, "fname");
	ct->program = installed_name(ct->fname);
	v = json_get(t, "syscalls");
	if (v && v->type == JSON_ARRAY && v->n) {
		ct->syscalls = xmalloc(v->n * sizeof(*ct->syscalls));
		for (i = 0; i < v->n; i++) {
			if (v->items[i].type == JSON_STRING)
				ct->syscalls[ct->syscalls_n++] =
					xstrdup(v->items[i].str);
		}
	}
	ct->exclusive = flag(t, "exclusive");
	ct->needs_root = flag(t, "needs_root");
	ct->needs_device = flag(t, "needs_device");
	v = json_get(t, "timeout");
	ct->timeout = v && v->type == JSON_NUMBER ? v->number : 0;
	ct->expected_taint = str_or_empty(t, "expected_taint");
}

static int by_program(const void *a, const void *b)
{
	const struct catalog_test *x = a, *y = b;

	return strcmp(x->program, y->program);
}

static int parse(const char *path, const char *text, size_t len,
		 struct catalog *cat)
{
	const struct json_value *tests;
	struct json_value v;
	const char *why;
	size_t pos, i;

	if (json_parse(text, len, &v, &why, &pos)) {
		fprintf(stderr, "%s: catalog %s: byte %zu: %s\n",
			program_invocation_short_name, path, pos + 1, why);
		return -1;
	}
	tests = json_get(&v, "tests");
	if (!tests || tests->type != JSON_OBJECT) {
		fprintf(stderr, "%s: catalog %s has no \"tests\" object: rebuild it (make) or reinstall the suite\n",
			program_invocation_short_name, path);
		json_free(&v);
		return -1;
	}
	cat->tests = xmalloc((tests->n ? tests->n : 1) * sizeof(*cat->tests));
	for (i = 0; i < tests->n; i++) {
		if (tests->items[i].type == JSON_OBJECT)
			take_test(&cat->tests[cat->n++], tests->keys[i],
				  &tests->items[i]);
	}
	qsort(cat->tests, cat->n, sizeof(*cat->tests), by_program);
	json_free(&v);
	return 0;
}

int catalog_load(const char *path, struct catalog *cat)
{
	struct strbuf text = STRBUF_INIT;
	char buf[65536];
	size_t n;
	int ret;
	FILE *f;

	memset(cat, 0, sizeof(*cat));
	f = fopen(path, "re");
	if (!f) {
		fprintf(stderr, "%s: cannot open catalog %s: %s\n",
			program_invocation_short_name, path, strerror(errno));
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sb_add(&text, buf, n);
	if (ferror(f)) {
		fprintf(stderr, "%s: cannot read catalog %s: %s\n",
			program_invocation_short_name, path, strerror(errno));
		fclose(f);
		sb_free(&text);
		return -1;
	}
	fclose(f);
	ret = parse(path, text.buf ? text.buf : "", text.len, cat);
	sb_free(&text);
	return ret;
}

const struct catalog_test *catalog_find_program(const struct catalog *cat,
						const char *program)
{
	struct catalog_test key;

	if (!cat->n)
		return NULL;
	key.program = (char *)program;
	return bsearch(&key, cat->tests, cat->n, sizeof(*cat->tests),
		       by_program);
}

void catalog_free(struct catalog *cat)
{
	size_t i, j;

	for (i = 0; i < cat->n; i++) {
		struct catalog_test *ct = &cat->tests[i];

		free(ct->name);
		free(ct->fname);
		free(ct->program);
		for (j = 0; j < ct->syscalls_n; j++)
			free(ct->syscalls[j]);
		free(ct->syscalls);
		free(ct->expected_taint);
	}
	free(cat->tests);
	memset(cat, 0, sizeof(*cat));
}
