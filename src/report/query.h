/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ltp-report's query modes: the records (or the test catalog) as tab
 * separated lines a script reads instead of parsing JSON, see
 * doc/ltp-report.md.
 */
#ifndef QUERY_H
#define QUERY_H

#include <regex.h>

#include "records.h"

struct query {
	/* which test records: all of these that are given must hold */
	char **tags;			/* --tag, any of them */
	size_t tags_n;
	regex_t tag_re;			/* --tag-regex */
	int have_tag_re;
	unsigned int class_mask;	/* --class; 0: any class */
	int last;			/* --last: each tag's last record */

	/* what to print: one of these */
	const char *fields;		/* --fields LIST */
	const char *run_fields;		/* --run-fields LIST */
	int count;			/* --count */
	const char *per;		/* --per class|runtest */

	const char *runtest_dir;	/* --runtest-dir */
};

/* Parse --class LIST into q->class_mask; -1 after saying why. */
int query_classes(struct query *q, const char *list);

/*
 * Run the query on rr; returns ltp-report's exit value: 0 records were
 * selected (or --run-fields printed), 1 none, 2 a bad field name.
 */
int query_records(const struct query *q, const struct run_records *rr);

/* --catalog FILE: --fields or --count over the catalog's tests. */
int query_catalog(const struct query *q, const char *path);

#endif /* QUERY_H */
