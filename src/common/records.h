/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The result records (doc/records.md) read back into memory. A file may
 * hold several runs appended to each other (a resumed run): the first run
 * record describes the machine, every test record counts, and the last
 * end record says how it ended.
 */
#ifndef RECORDS_H
#define RECORDS_H

#include <stddef.h>

#include "result_class.h"

/* Indexes of test_record.counts, in the order of the Summary block */
enum {
	CNT_PASSED,
	CNT_FAILED,
	CNT_BROKEN,
	CNT_SKIPPED,
	CNT_WARNINGS,
	CNT_COUNT
};

struct test_record {
	char *tag;
	char *cmd;
	double start;
	double duration;
	char *end;		/* exited, signalled, timed_out */
	long exit_code;
	long signal;
	enum result_class rc;
	char *reason;
	long counts[CNT_COUNT];
	char *output;
	size_t output_len;
	long output_bytes;
	long output_dropped;
	long taint_before;
	long taint_after;
	char **kernel_log;
	size_t kernel_log_n;
	double cu;
	double cs;
	/* members added after the first version; defaults when missing */
	long index;		/* -1 when missing */
	long iteration;		/* 1 when missing */
	int exclusive;
	double backstop;
	char *metadata;
	char *taint_new;	/* letters, "" when none */
	char *dmesg;		/* -K, "" without */
	size_t dmesg_len;
	int not_run;		/* end "not_run": skipped by a skip list */
};

struct run_records {
	int have_run;
	char *version;
	char *kernel;
	char *kernel_build;
	char *machine;
	char *hostname;
	double start;
	char **runtest;
	size_t runtest_n;
	long planned;		/* -1 when missing */
	long workers;
	long iterations;
	char *seed;		/* "" without -R */
	char *distribution;
	char *distribution_version;
	char *ram;
	char *swap;
	char *cmdline;		/* the kernel's, "" when missing */
	int resumed;		/* a later run record says it continued */

	int have_end;
	double end;
	int interrupted;
	char *stopped;		/* "" or why tests were left out */
	long not_run;

	struct test_record *tests;
	size_t n;
	size_t cap;

	unsigned int total[RC_COUNT];
	unsigned int skipped_lines;	/* records that could not be read */
	/* of those, the bad lines: not the cut last line a crash leaves */
	unsigned int bad_lines;
};

/*
 * Read path into rr. Unreadable lines are reported on stderr as
 * "FILE:LINE: ..." and skipped. Returns 0, or -1 when the file cannot be
 * opened or read.
 */
int records_load(const char *path, struct run_records *rr);

/* When the run started and ended (from the tests when a record lacks). */
double run_start(const struct run_records *rr);
double run_end(const struct run_records *rr);
double run_duration(const struct run_records *rr);

#endif /* RECORDS_H */
