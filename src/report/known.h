/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ltp-report --known-issues: the release gate's known-issues file
 * (known_issues.h) against the records of runs, as tab separated lines
 * for release/gate/gate-decision and release/cut/release-notes, see
 * doc/ltp-report.md.
 */
#ifndef KNOWN_H
#define KNOWN_H

#include <stddef.h>

#include "known_issues.h"

/*
 * The entries, one a line: FLAVOUR TAG CLASS LINK REASON OCCURRED, where
 * OCCURRED names the runs (args: NAME=RECORDS each) that have a record
 * the entry excuses, sorted, blank separated; empty when none (or no
 * run given). Returns ltp-report's exit value: 0, or 2 when a records
 * file cannot be read or an argument is not NAME=RECORDS.
 */
int known_entries(const struct known_issues *ki, char *const *args,
		  size_t n);

/*
 * The fail and broken test records of the run name, in file order, one a
 * line: CLASS TAG LINK REASON, LINK the first entry's that excuses it
 * or "-". Returns 0 when each one is excused (or there is none), 1 when
 * some is not, 2 when the file cannot be read.
 */
int known_failures(const struct known_issues *ki, const char *name,
		   const char *records);

#endif /* KNOWN_H */
