/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The views ltp-report derives from the records. Each writes one file and
 * returns 0, or -1 after printing why it could not.
 */
#ifndef VIEWS_H
#define VIEWS_H

#include <stdio.h>

#include "records.h"

/* LTP's results log: pretty (-p) or pan's raw "tag=... stime=..." lines. */
int view_log(const struct run_records *rr, const char *path, int pretty);

/*
 * A runtest file ("tag command") of the tests whose class bit is set in
 * class_mask (1 << RC_FAIL | ...).
 */
int view_list(const struct run_records *rr, const char *path,
	      unsigned int class_mask);

/* One self-contained HTML page. */
int view_html(const struct run_records *rr, const char *path);

/* A few lines of totals for the console. */
void view_summary(const struct run_records *rr, FILE *out);

/* Open path for writing; NULL after printing why. */
FILE *view_open(const char *path);
/* Close f; -1 after printing why when anything failed to be written. */
int view_close(FILE *f, const char *path);

#endif /* VIEWS_H */
