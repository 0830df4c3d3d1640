/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Each test runs under a runner: a process forked from ltp-pan that runs
 * it (run_one.h), judges it (classify) and sends its record line back
 * over a pipe; ltp-pan writes the records, in one place, in the order the
 * tests end. The runner is the reaper of its own test's orphans, so with
 * -x N the leftovers of one test are never mistaken for another's, and it
 * reads the kernel log through a descriptor of its own.
 *
 * Messages on the pipe are frames: a type byte, a 32-bit length, data.
 * 'P' carries the test's pid (its process group: ltp-pan kills it if the
 * runner dies), 'O' test output as it arrives (when asked to stream),
 * 'R' the result, last.
 *
 * With one test at a time there is nothing to tell apart, and a fork
 * costs more than some tests take: the runner's work is then done in
 * ltp-pan itself (worker_run_here), with the same result.
 */
#ifndef WORKER_H
#define WORKER_H

#include <sys/types.h>

#include "plan.h"
#include "result_class.h"
#include "run_one.h"
#include "strbuf.h"

struct worker_job {
	const struct plan_item *item;
	struct run_opts o;		/* with this test's backstop */
	int exclusive;
	const char *meta;		/* test_meta source */
	unsigned long expected_taint;	/* test_meta expected_taint */
	int stream;			/* send output as it arrives */
	int keep_output;		/* put the kept output in the result */
};

struct worker_result {
	enum result_class rc;
	double duration;
	struct strbuf reason;
	struct strbuf output;		/* when the job asked to keep it */
	struct strbuf record;		/* the record line, to emit */
};

struct worker {
	pid_t pid;
	int fd;				/* read end of its pipe, -1 at EOF */
	int status;			/* once reaped */
	int reaped;
	int term_sent;			/* passed on an interrupt */
	pid_t test_pgid;		/* from the 'P' frame, 0 before */
	unsigned int slot;
	const struct plan_item *item;
	int exclusive;
	struct strbuf in;		/* received, not yet handled */
};

/*
 * Run job in this process; output streams to job->o.echo. Returns 0, or
 * 1 when interrupted (no result). Free res with worker_result_free().
 */
int worker_run_here(const struct worker_job *job, struct worker_result *res);

/* Fork a runner for job. Returns 0, or -1 after printing why. */
int worker_start(struct worker *w, const struct worker_job *job);

/*
 * Read what the runner sent; output frames go to echo. Returns 1 at
 * EOF, 0 otherwise.
 */
int worker_read(struct worker *w, void (*echo)(const char *buf, size_t n));

/*
 * Once the runner is reaped and its pipe at EOF: its result. Returns 0,
 * 1 when it was interrupted (no result, by design), -1 when it died
 * without one (res is then a broken result the caller can record).
 */
int worker_result(struct worker *w, struct worker_result *res);

void worker_free(struct worker *w);
void worker_result_free(struct worker_result *res);

#endif /* WORKER_H */
