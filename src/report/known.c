// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "known.h"
#include "record_fields.h"
#include "records.h"
#include "strbuf.h"

struct named_run {
	const char *name;
	struct run_records rr;
};

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* 1 when a test record of run excuses entry e. */
static int occurred(const struct known_issue *e, const struct named_run *run)
{
	size_t i;

	for (i = 0; i < run->rr.n; i++) {
		if (known_issue_matches(e, run->name, run->rr.tests[i].tag,
					run->rr.tests[i].rc))
			return 1;
	}
	return 0;
}

/* The names of the runs e occurred in, sorted, once each. */
static void add_occurred(struct strbuf *sb, const struct known_issue *e,
			 const struct named_run *runs, size_t n)
{
	const char **names = xmalloc((n ? n : 1) * sizeof(*names));
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (occurred(e, &runs[i]))
			names[k++] = runs[i].name;
	}
	qsort(names, k, sizeof(*names), by_name);
	for (i = 0; i < k; i++) {
		if (i && !strcmp(names[i], names[i - 1]))
			continue;
		if (i)
			sb_addc(sb, ' ');
		tsv_value(sb, names[i], strlen(names[i]));
	}
	free(names);
}

/* NAME=RECORDS: the records read; -1 after saying why not. */
static int load_named(char *arg, struct named_run *run)
{
	char *eq = strchr(arg, '=');

	if (!eq || eq == arg) {
		fprintf(stderr, "ltp-report: --known-issues: '%s': expected NAME=RECORDS (a flavour's name and its records)\n",
			arg);
		return -1;
	}
	*eq = '\0';
	run->name = arg;
	return records_load(eq + 1, &run->rr);
}

static void add_words(struct strbuf *sb, const struct known_issue *e)
{
	tsv_value(sb, e->flavour, strlen(e->flavour));
	sb_addc(sb, '\t');
	tsv_value(sb, e->tag, strlen(e->tag));
	sb_printf(sb, "\t%s\t", rc_name(e->rc));
	tsv_value(sb, e->link, strlen(e->link));
	sb_addc(sb, '\t');
	tsv_value(sb, e->reason, strlen(e->reason));
}

static int flush_out(void)
{
	if (fflush(stdout) || ferror(stdout)) {
		perror("ltp-report: standard output");
		return 2;
	}
	return 0;
}

int known_entries(const struct known_issues *ki, char *const *args,
		  size_t n)
{
	struct named_run *runs = xmalloc((n ? n : 1) * sizeof(*runs));
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < n; i++) {
		if (load_named(args[i], &runs[i]))
			return 2;
	}
	for (i = 0; i < ki->n; i++) {
		sb_reset(&sb);
		add_words(&sb, &ki->v[i]);
		sb_addc(&sb, '\t');
		add_occurred(&sb, &ki->v[i], runs, n);
		sb_addc(&sb, '\n');
		fwrite(sb.buf, 1, sb.len, stdout);
	}
	sb_free(&sb);
	/* the records are freed with the process */
	return flush_out();
}

int known_failures(const struct known_issues *ki, const char *name,
		   const char *records)
{
	const struct known_issue *e;
	const struct test_record *t;
	struct strbuf sb = STRBUF_INIT;
	struct run_records rr;
	int blocked = 0;
	size_t i;

	if (records_load(records, &rr))
		return 2;
	for (i = 0; i < rr.n; i++) {
		t = &rr.tests[i];
		if (t->rc != RC_FAIL && t->rc != RC_BROKEN)
			continue;
		e = known_issues_match(ki, name, t->tag, t->rc);
		blocked |= !e;
		sb_reset(&sb);
		sb_printf(&sb, "%s\t", rc_name(t->rc));
		tsv_value(&sb, t->tag, strlen(t->tag));
		sb_addc(&sb, '\t');
		if (e)
			tsv_value(&sb, e->link, strlen(e->link));
		else
			sb_addc(&sb, '-');
		sb_addc(&sb, '\t');
		tsv_value(&sb, t->reason, strlen(t->reason));
		sb_addc(&sb, '\n');
		fwrite(sb.buf, 1, sb.len, stdout);
	}
	sb_free(&sb);
	/* the records are freed with the process */
	return flush_out() ? 2 : blocked;
}
