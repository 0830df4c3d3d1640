/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The result records file (doc/records.md): JSON lines, each written with
 * one write() as its test ends, so ltp-pan killed at any point keeps every
 * finished test. Syncs are grouped (doc/records.md, "Durability"): the
 * run's first and last lines, every record that is not a pass or a skip,
 * and everything written before a test that may take the machine down are
 * fdatasync()ed at once; a pass or skip waits at most
 * RECORD_SYNC_INTERVAL seconds (LTP_PAN_SYNC_INTERVAL) for its sync, so a
 * crash of the machine loses at most that much, which --resume reruns. An optional mirror (a guest's serial port) gets the same
 * lines so the host has them even if the guest never syncs its disk.
 *
 * A record that cannot be written (a full disk) is reported once, clearly;
 * record_failed() then tells the executor to start no more tests, since
 * their results could not be kept.
 */
#ifndef RECORD_H
#define RECORD_H

#include <stddef.h>

#include "strbuf.h"
#include "test_result.h"

/* seconds a pass or skip record may wait for its sync, by default */
#define RECORD_SYNC_INTERVAL 1.0

/* What the run record says besides the machine. */
struct run_info {
	const char *version;		/* the suite's */
	char *const *runtest;		/* runtest files as given */
	size_t runtest_n;
	size_t planned;			/* tests in the plan, all iterations */
	const char *plan_id;		/* identifies the plan for --resume */
	unsigned int iterations;	/* -I */
	unsigned int workers;		/* -x */
	int shuffled;			/* -R */
	unsigned long long seed;
	int resumed;			/* -c: continues this records file */
	const char *skip_list;		/* -S, NULL without */
};

/*
 * Open and lock path (one writer per records file: a second one is
 * refused, naming the pid holding it). must_exist: continuing a run, the
 * file is not created. Returns 0, or -1 after printing why. mirror may be
 * NULL.
 */
int record_open(const char *path, const char *mirror, int must_exist);

void record_run(const struct run_info *ri);

/* Build one test's record line (no newline) into sb. */
void record_test_line(struct strbuf *sb, const char *tag, const char *cmd,
		      const struct test_result *r);

/*
 * Write a line built in sb (a newline is added) and free sb; sync_now:
 * fdatasync() it at once, else within the sync interval. Returns 0, or
 * -1 when the line could not be kept (record_failed() is then 1).
 */
int record_emit(struct strbuf *sb, int sync_now);

/* Sync what is written: before a risky test. 0, or -1 as record_emit. */
int record_sync(void);

/* Sync if the oldest unsynced record has waited the interval out. */
int record_sync_due(void);

/* Milliseconds until record_sync_due() has work; -1: nothing waits. */
int record_sync_wait_ms(void);

/*
 * The last line. stopped is NULL for a run that went to its end or was
 * interrupted, else why tests were left out ("time_limit", "records");
 * not_run counts the tests of the plan that did not run then.
 */
void record_end(int interrupted, const char *stopped, size_t not_run);

/* 1 once a record could not be written (it was said on stderr). */
int record_failed(void);

#endif /* RECORD_H */
