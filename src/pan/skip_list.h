/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A skip list (-S FILE): one test a line, "TAG [why...]". TAG may be a
 * shell pattern (fnmatch: "madvise*"); '#' starts a comment line; blank
 * lines are ignored. A listed test is not run: it is recorded as skipped
 * with the reason "skipped by FILE", followed by ": why" when the line
 * gives one.
 */
#ifndef SKIP_LIST_H
#define SKIP_LIST_H

#include <stddef.h>

struct skip_entry {
	char *glob;
	char *reason;		/* "skipped by FILE[: why]" */
	int used;		/* matched a test of the plan */
	unsigned int line;
};

struct skip_list {
	const char *path;
	struct skip_entry *v;
	size_t n;
};

/* Returns 0, or -1 after printing "FILE:LINE: what is wrong". */
int skip_list_load(const char *path, struct skip_list *sl);

/* The reason of the first entry matching tag, or NULL. */
const char *skip_list_match(const struct skip_list *sl, const char *tag);

#endif /* SKIP_LIST_H */
