/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Runs the plan: up to -x N tests at a time, each under a runner of its
 * own (worker.h). A test that needs the machine to itself (its metadata
 * says "exclusive", or its runtest line is marked "#@ exclusive") starts
 * only when nothing else runs, and nothing starts beside it; while it
 * waits, later tests that may share the machine fill the free slots. Tests of the skip
 * list are recorded as skipped without running. New tests stop starting
 * on an interrupt, past the time limit, or once a record could not be
 * written. With repeat (-L), a plan whose tests have all ended starts
 * over as its next round, until the time limit.
 */
#ifndef SCHEDULER_H
#define SCHEDULER_H

#include "plan.h"
#include "result_class.h"
#include "run_one.h"

struct sched_opts {
	unsigned int workers;		/* -x */
	int quiet;			/* -q */
	double time_limit;		/* -D, seconds; 0: none */
	int repeat;			/* -L: rounds until the time limit */
	double timeout;			/* -t, seconds; 0: from metadata */
	double mul;			/* LTP_TIMEOUT_MUL, >= 1 */
	struct run_opts run;		/* what every test shares */
};

struct sched_totals {
	unsigned int n[RC_COUNT];
	unsigned int ran;		/* records written, skips included */
	size_t not_run;			/* of the plan, when stopped early */
	size_t lost;			/* ended, but the record was not kept */
	const char *stopped;		/* "time_limit", "records" or NULL */
	int interrupted;
};

void schedule_run(struct plan *p, const struct sched_opts *so,
		  struct sched_totals *tot);

#endif /* SCHEDULER_H */
