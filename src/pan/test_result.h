/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the executor learns about one test run; see doc/records.md. */
#ifndef TEST_RESULT_H
#define TEST_RESULT_H

#include <stddef.h>

#include "kernel_health.h"
#include "result_class.h"
#include "strbuf.h"

enum test_end {
	END_EXITED,
	END_SIGNALLED,
	END_TIMED_OUT,
	END_NOT_RUN,		/* skipped by a skip list: never started */
};

/* The "Summary:" block a library test prints last. */
struct test_counts {
	long passed;
	long failed;
	long broken;
	long skipped;
	long warnings;
};

struct test_result {
	double start;		/* epoch seconds */
	double duration;	/* seconds, monotonic clock */
	enum test_end end;
	int exit_code;		/* when the main process exited */
	int signal;		/* when it was killed by a signal */
	int unkillable;		/* still alive after SIGKILL: not reaped */
	double timeout;		/* the backstop that applied */
	struct test_counts counts;
	struct strbuf output;	/* capped */
	size_t output_bytes;	/* all the test wrote */
	size_t output_dropped;	/* written but not kept */
	long taint_before;
	long taint_after;
	unsigned long expected_taint;	/* bits the test sets by design */
	char *kernel_log[KH_MAX_LINES];
	size_t kernel_log_n;
	double cu;		/* user CPU seconds of the test and children */
	double cs;		/* system CPU seconds */
	enum result_class rc;
	struct strbuf reason;

	/* where it stands in the run (doc/records.md) */
	size_t index;		/* position in the plan, for --resume */
	unsigned int iteration;	/* 1 .. -I N */
	int exclusive;		/* ran alone */
	const char *meta;	/* where exclusive/timeout came from */
	int dmesg_on;		/* -K: keep every kernel log line */
	struct strbuf dmesg;	/* -K: what the kernel logged meanwhile */
};

void test_result_free(struct test_result *r);

/* Decide r->rc and r->reason from how the test ended and the kernel. */
void classify(struct test_result *r);

#endif /* TEST_RESULT_H */
