/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Runtest files: one test a line, "tag command args...", '#' starts a
 * comment line, blank lines are ignored. The tag names the result record,
 * the failed/tconf lists and the HTML anchors, so it is kept to
 * [A-Za-z0-9_.+-].
 *
 * A comment line "#@ exclusive timeout=SECS" (either word alone is fine)
 * marks the test line after it: run it alone under ltp-pan -x N, and
 * give it SECS seconds. Other runners read it as a comment. It is how a
 * shell test or plain command, which has no library metadata, says it
 * needs the machine to itself.
 */
#ifndef RUNTEST_H
#define RUNTEST_H

#include <stddef.h>

struct test_entry {
	char *tag;
	char *cmd;
	const char *file;	/* runtest file it came from */
	unsigned int line;
	int exclusive;		/* marked "#@ exclusive" */
	double timeout;		/* "#@ timeout=SECS", 0 without */
};

struct test_list {
	struct test_entry *v;
	size_t n;
	size_t cap;
};

/*
 * Append the tests of one runtest file to list. Every problem is printed
 * to stderr as "FILE:LINE: what is wrong" (or "cannot open FILE"); the
 * return value is the number of problems, 0 when the file is good.
 */
unsigned int runtest_load(const char *path, struct test_list *list);

/* 1 when tag is non-empty and only uses the allowed characters. */
int runtest_tag_ok(const char *tag);

#endif /* RUNTEST_H */
