/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Runs one test command the way doc/records.md describes: its own process
 * group, an empty TMPDIR of its own, output captured and capped, a backstop timeout,
 * no process of it left behind.
 */
#ifndef RUN_ONE_H
#define RUN_ONE_H

#include <sys/types.h>

#include "kernel_health.h"
#include "runtest.h"
#include "test_result.h"

/* Output kept per test; the rest is counted as dropped. */
#define OUTPUT_CAP	(1024 * 1024)

struct run_opts {
	const char *tmpbase;	/* per-test TMPDIRs are made here */
	/*
	 * A TMPDIR to use instead (a worker slot's, see scheduler.c): empty,
	 * and emptied again after the test; NULL: one made under tmpbase
	 * and removed after the test.
	 */
	const char *tmpdir;
	double timeout;		/* the backstop, seconds; <= 0: none */
	const char *timeout_mul; /* LTP_TIMEOUT_MUL for the test, NULL: as is */
	/* called with the output as it arrives (the kept part), NULL: not */
	void (*echo)(const char *buf, size_t len);
	/* called at least twice a second while the test runs, NULL: not */
	void (*tick)(void);
	/* called with the test's pid (also its group) once it runs */
	void (*started)(pid_t pid);
	int dmesg;		/* -K: keep every kernel log line */
	const char *path;	/* PATH for the test */
	struct kmsg_watch *kmsg;
};

/*
 * Install the SIGINT/SIGTERM/SIGCHLD handlers and become the reaper of
 * orphans. Call once, in ltp-pan's main process.
 */
void runner_init(void);

/*
 * In a process forked to run tests (see worker.h): a wake-up pipe of its
 * own, no interrupt inherited, and the reaper of its tests' orphans, so
 * that what a test leaves behind is found without confusing it with what
 * a test running beside it owns.
 */
void runner_init_worker(void);

/* The read end of the pipe the signal handler writes to: poll() it. */
int runner_wake_fd(void);
/* Empty that pipe after poll() said it is readable. */
void runner_drain_wake(void);

/* 1 once SIGINT or SIGTERM arrived. */
int runner_interrupted(void);

/*
 * Run t and fill r (zeroed by the caller). Returns 0 when the test ended,
 * 1 when ltp-pan was interrupted meanwhile (the test's processes are then
 * killed and r is not meaningful), -1 when it could not be started (r is
 * then a broken result with the reason).
 */
int run_one(const struct test_entry *t, const struct run_opts *o,
	    struct test_result *r);

#endif /* RUN_ONE_H */
