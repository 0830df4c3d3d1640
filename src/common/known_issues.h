/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The known-issues file of the release gate (release/gate/known-issues):
 * failures that do not block a release, one entry a line,
 *
 *   FLAVOUR TAG CLASS LINK REASON...
 *
 * FLAVOUR a flavour's name or * for every one, CLASS fail or broken, LINK
 * the http(s) URL of the kernel fix the entry waits for, REASON the rest
 * of the line. Blank lines and lines whose first non-blank is '#' are
 * left out. An entry excuses a test record of its flavour (or any, for
 * *), tag and class: a listed fail does not excuse a broken, nor the
 * other way round.
 */
#ifndef KNOWN_ISSUES_H
#define KNOWN_ISSUES_H

#include <stddef.h>

#include "result_class.h"

struct known_issue {
	char *flavour;		/* a name, or "*" */
	char *tag;
	enum result_class rc;	/* RC_FAIL or RC_BROKEN */
	char *link;
	char *reason;		/* the rest of the line, never empty */
	unsigned int line;	/* its line in the file, from 1 */
	char *text;		/* the line's copy the others point into */
};

struct known_issues {
	struct known_issue *v;
	size_t n;
};

/*
 * Read path into ki. Every bad line is named on stderr as
 * "PATH:LINE: what is wrong", all of them, not only the first. flavours,
 * when not NULL, is the blank separated list of the names FLAVOUR may
 * take besides *. Returns 0, or -1 when the file cannot be read or has a
 * bad line (ki then holds nothing).
 */
int known_issues_load(const char *path, const char *flavours,
		      struct known_issues *ki);

/* 1 when e excuses a test record of flavour, tag and class rc. */
int known_issue_matches(const struct known_issue *e, const char *flavour,
			const char *tag, enum result_class rc);

/* The first entry that excuses such a record, in file order, or NULL. */
const struct known_issue *known_issues_match(const struct known_issues *ki,
					     const char *flavour,
					     const char *tag,
					     enum result_class rc);

void known_issues_free(struct known_issues *ki);

#endif /* KNOWN_ISSUES_H */
