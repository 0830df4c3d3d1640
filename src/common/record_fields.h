/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The members of the result records by name, as text a shell script can
 * read: ltp-report's query modes print them as tab separated values, so
 * that no script parses the JSON itself (or depends on the order the
 * writer puts the members in). doc/records.md names each member; the
 * derived ones (a run's outcome and totals) are documented in
 * doc/ltp-report.md.
 *
 * A value never holds a tab or a newline: a newline is shown as " | ",
 * any other control character as a space. Numbers are plain decimals
 * (seconds with six fraction digits), flags 1 or 0, lists joined by
 * spaces, and a missing string is empty.
 */
#ifndef RECORD_FIELDS_H
#define RECORD_FIELDS_H

#include "records.h"
#include "strbuf.h"

/* Append s as one TSV value (see above). */
void tsv_value(struct strbuf *sb, const char *s, size_t len);

/* The index of a test record member, or -1 when there is none of that name. */
int test_field_find(const char *name);
/* Append test record member field (test_field_find()) of t to sb. */
void test_field_add(struct strbuf *sb, const struct test_record *t, int field);

/* The same for the run as a whole (run and end records, totals). */
int run_field_find(const char *name);
void run_field_add(struct strbuf *sb, const struct run_records *rr, int field);

/* The names, comma separated, for usage and error messages. */
const char *test_field_names(void);
const char *run_field_names(void);

#endif /* RECORD_FIELDS_H */
