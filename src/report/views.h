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

/* The JSON report of LTP's kirk runner. */
int view_kirk(const struct run_records *rr, const char *path);

/* JUnit XML for Jenkins and GitLab. */
int view_junit(const struct run_records *rr, const char *path);

/* --kcidb: who sends the results, and what the checkout is called */
struct kcidb_opts {
	const char *origin;	/* the CI system: [a-z0-9_]+ */
	const char *checkout;	/* the checkout's id after "ORIGIN:" */
	const char *tree;	/* tree_name */
	const char *comment;	/* the checkout's comment */
	const char *runtest_dir; /* --runtest-dir, NULL: the run's paths */
};

/* One run of the set: a flavour's kernel and its records. */
struct kcidb_run {
	const char *name;	/* the build's config_name */
	struct run_records rr;
};

/*
 * KCIDB JSON (KernelCI's results format): one checkout, one build per
 * run, one test per test record.
 */
int view_kcidb(const struct kcidb_opts *o, const struct kcidb_run *runs,
	       size_t nruns, const char *path);

/* -K: dir/TAG.dmesg, what the kernel logged during each test. */
int view_dmesg_dir(const struct run_records *rr, const char *dir);

/*
 * Regression tracking: the tests failing in new that did not in old, the
 * ones fixed, the ones still failing, printed to out. Returns the number
 * of new failures.
 */
unsigned int compare_runs(const struct run_records *old, const char *old_name,
			  const struct run_records *new, const char *new_name,
			  FILE *out);

/*
 * Flake hunting over nruns runs of the same tests (names[i] names runs[i]):
 * the tests whose records do not all have one class, with each run's
 * verdicts and one output per class, the tests missing from some runs,
 * and a summary line, printed to out. Returns the number of tests whose
 * verdicts differ.
 */
unsigned int flake_report(const struct run_records *runs,
			  const char *const *names, size_t nruns, FILE *out);

/* A few lines of totals for the console. */
void view_summary(const struct run_records *rr, FILE *out);

/* Open path for writing; NULL after printing why. */
FILE *view_open(const char *path);
/* Close f; -1 after printing why when anything failed to be written. */
int view_close(FILE *f, const char *path);

#endif /* VIEWS_H */
