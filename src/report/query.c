// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "query.h"
#include "record_fields.h"
#include "runtest.h"
#include "runtest_map.h"
#include "strbuf.h"

int query_classes(struct query *q, const char *list)
{
	char *copy = xstrdup(list), *name, *save = NULL;
	int rc, ret = 0;

	for (name = strtok_r(copy, ",", &save); name;
	     name = strtok_r(NULL, ",", &save)) {
		rc = rc_from_name(name);
		if (rc < 0) {
			fprintf(stderr, "ltp-report: --class: no class '%s' (pass, fail, broken, warning, skipped)\n",
				name);
			ret = -1;
			continue;
		}
		q->class_mask |= 1u << rc;
	}
	free(copy);
	return ret;
}

/*
 * Field names of list into idx[] (find() looks one up); returns how many,
 * or -1 after naming the bad one and the good ones.
 */
static int parse_fields(const char *list, int (*find)(const char *),
			const char *known, int **idx)
{
	char *copy = xstrdup(list), *name, *save = NULL;
	int n = 0, f;

	*idx = xmalloc((strlen(list) + 1) * sizeof(**idx));
	for (name = strtok_r(copy, ",", &save); name;
	     name = strtok_r(NULL, ",", &save)) {
		f = find(name);
		if (f < 0) {
			fprintf(stderr, "ltp-report: no field '%s'; the fields are %s\n",
				name, known);
			free(copy);
			return -1;
		}
		(*idx)[n++] = f;
	}
	free(copy);
	if (!n)
		fprintf(stderr, "ltp-report: an empty list of fields\n");
	return n ? n : -1;
}

static int tag_selected(const struct query *q, const char *tag)
{
	size_t i;

	if (q->have_tag_re && regexec(&q->tag_re, tag, 0, NULL, 0))
		return 0;
	if (!q->tags_n)
		return 1;
	for (i = 0; i < q->tags_n; i++) {
		if (!strcmp(q->tags[i], tag))
			return 1;
	}
	return 0;
}

/* 1 when a later record of the same tag follows record i. */
static int superseded(const struct run_records *rr, size_t i)
{
	size_t j;

	for (j = i + 1; j < rr->n; j++) {
		if (!strcmp(rr->tests[j].tag, rr->tests[i].tag))
			return 1;
	}
	return 0;
}

static int selected(const struct query *q, const struct run_records *rr,
		    size_t i)
{
	const struct test_record *t = &rr->tests[i];

	if (!tag_selected(q, t->tag))
		return 0;
	if (q->last && superseded(rr, i))
		return 0;
	return !q->class_mask || (q->class_mask & 1u << t->rc);
}

static void print_line(struct strbuf *sb)
{
	sb_addc(sb, '\n');
	fwrite(sb->buf, 1, sb->len, stdout);
	sb_reset(sb);
}

static int per_runtest(const struct query *q, const struct run_records *rr)
{
	struct runtest_map m;
	const char **groups;
	unsigned int (*counts)[RC_COUNT + 1];
	size_t i, g, ng = 0;
	const char *name;
	int any = 0, c;

	runtest_map_load(rr, q->runtest_dir, &m);
	groups = xmalloc((rr->runtest_n + 1) * sizeof(*groups));
	counts = calloc(rr->runtest_n + 1, sizeof(*counts));
	if (!counts)
		abort();
	for (i = 0; i < rr->n; i++) {
		if (!selected(q, rr, i))
			continue;
		any = 1;
		name = runtest_map_name(&m, rr->tests[i].tag);
		for (g = 0; g < ng && strcmp(groups[g], name); g++)
			;
		if (g == ng)
			groups[ng++] = name;
		counts[g][0]++;
		counts[g][1 + rr->tests[i].rc]++;
	}
	for (g = 0; g < ng; g++) {
		printf("%s", groups[g]);
		for (c = 0; c <= RC_COUNT; c++)
			printf("\t%u", counts[g][c]);
		putchar('\n');
	}
	return any ? 0 : 1;
}

static int per_class(const struct query *q, const struct run_records *rr)
{
	unsigned int counts[RC_COUNT] = { 0 };
	size_t i;
	int c, any = 0;

	for (i = 0; i < rr->n; i++) {
		if (selected(q, rr, i)) {
			counts[rr->tests[i].rc]++;
			any = 1;
		}
	}
	for (c = 0; c < RC_COUNT; c++)
		printf("%s\t%u\n", rc_name(c), counts[c]);
	return any ? 0 : 1;
}

static int run_line(const struct query *q, const struct run_records *rr)
{
	struct strbuf sb = STRBUF_INIT;
	int *idx, n, i;

	n = parse_fields(q->run_fields, run_field_find, run_field_names(),
			 &idx);
	if (n < 0)
		return 2;
	for (i = 0; i < n; i++) {
		if (i)
			sb_addc(&sb, '\t');
		run_field_add(&sb, rr, idx[i]);
	}
	print_line(&sb);
	sb_free(&sb);
	free(idx);
	return 0;
}

int query_records(const struct query *q, const struct run_records *rr)
{
	struct strbuf sb = STRBUF_INIT;
	int *idx = NULL, n = 0, i;
	size_t t, hits = 0;

	if (q->run_fields)
		return run_line(q, rr);
	if (q->per && !strcmp(q->per, "runtest"))
		return per_runtest(q, rr);
	if (q->per)
		return per_class(q, rr);
	if (!q->count) {
		n = parse_fields(q->fields ? q->fields : "tag,class",
				 test_field_find, test_field_names(), &idx);
		if (n < 0)
			return 2;
	}
	for (t = 0; t < rr->n; t++) {
		if (!selected(q, rr, t))
			continue;
		hits++;
		if (q->count)
			continue;
		for (i = 0; i < n; i++) {
			if (i)
				sb_addc(&sb, '\t');
			test_field_add(&sb, &rr->tests[t], idx[i]);
		}
		print_line(&sb);
	}
	if (q->count)
		printf("%zu\n", hits);
	sb_free(&sb);
	free(idx);
	return hits ? 0 : 1;
}

/* The catalog's fields; a flag is 1 or 0, a list joined by spaces. */
static const char *const catalog_fields[] = {
	"name", "program", "fname", "syscalls", "exclusive", "needs_root",
	"needs_device", "timeout", "expected_taint",
};
#define N_CATALOG_FIELDS (sizeof(catalog_fields) / sizeof(catalog_fields[0]))

static int catalog_field_find(const char *name)
{
	size_t i;

	for (i = 0; i < N_CATALOG_FIELDS; i++) {
		if (!strcmp(catalog_fields[i], name))
			return i;
	}
	return -1;
}

static void catalog_field_add(struct strbuf *sb, const struct catalog_test *ct,
			      int field)
{
	size_t i;

	switch (field) {
	case 0:
		tsv_value(sb, ct->name, strlen(ct->name));
		break;
	case 1:
		tsv_value(sb, ct->program, strlen(ct->program));
		break;
	case 2:
		tsv_value(sb, ct->fname, strlen(ct->fname));
		break;
	case 3:
		for (i = 0; i < ct->syscalls_n; i++) {
			if (i)
				sb_addc(sb, ' ');
			tsv_value(sb, ct->syscalls[i], strlen(ct->syscalls[i]));
		}
		break;
	case 4:
		sb_addc(sb, ct->exclusive ? '1' : '0');
		break;
	case 5:
		sb_addc(sb, ct->needs_root ? '1' : '0');
		break;
	case 6:
		sb_addc(sb, ct->needs_device ? '1' : '0');
		break;
	case 7:
		sb_printf(sb, "%g", ct->timeout);
		break;
	case 8:
		tsv_value(sb, ct->expected_taint, strlen(ct->expected_taint));
		break;
	}
}

int query_catalog(const struct query *q, const char *path)
{
	struct strbuf sb = STRBUF_INIT, known = STRBUF_INIT;
	struct catalog cat;
	int *idx = NULL, n = 0, i;
	size_t t, hits = 0;

	for (t = 0; t < N_CATALOG_FIELDS; t++)
		sb_printf(&known, "%s%s", t ? "," : "", catalog_fields[t]);
	if (!q->count) {
		n = parse_fields(q->fields ? q->fields : "name,program",
				 catalog_field_find, known.buf, &idx);
		if (n < 0)
			return 2;
	}
	if (catalog_load(path, &cat))
		return 2;
	for (t = 0; t < cat.n; t++) {
		if (!tag_selected(q, cat.tests[t].name))
			continue;
		hits++;
		for (i = 0; i < n; i++) {
			if (i)
				sb_addc(&sb, '\t');
			catalog_field_add(&sb, &cat.tests[t], idx[i]);
		}
		if (n)
			print_line(&sb);
	}
	if (q->count)
		printf("%zu\n", hits);
	catalog_free(&cat);
	sb_free(&sb);
	sb_free(&known);
	free(idx);
	return hits ? 0 : 1;
}
