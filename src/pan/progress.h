/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What ltp-pan prints while it runs. Plain lines always: "==== tag: cmd"
 * and the test's output (without -q), then "tag  RESULT  duration
 * [reason]". On a terminal, also a status line kept at the bottom: tests
 * done of the total, elapsed time, failures so far and the tests running.
 *
 * The status line is drawn when stdout is a terminal other than a console
 * or serial line (whose output is usually a log someone reads later);
 * LTP_PROGRESS=live or =plain decides instead.
 */
#ifndef PROGRESS_H
#define PROGRESS_H

#include <stddef.h>

#include "result_class.h"

/* total: tests to run; slots: -x N; quiet: -q */
void progress_init(size_t total, unsigned int slots, int quiet);

/* A test started in slot; its header is printed when its output streams. */
void progress_begin(unsigned int slot, const char *tag, const char *cmd,
		    int streams);

/* Output of the test running alone, as it arrives. */
void progress_output(const char *buf, size_t len);

/*
 * A test ended (slot is ignored for a test that never ran). output, when
 * not NULL, is printed first under the test's header (parallel runs).
 */
void progress_end(int slot, const char *tag, const char *cmd,
		  enum result_class rc, double duration, const char *reason,
		  size_t reason_len, const char *output, size_t output_len);

/* A test in slot ended without a result (interrupted). */
void progress_abort(unsigned int slot);

/* Redraw the status line if it is time; call at least once a second. */
void progress_tick(void);

/* Remove the status line before the last words. */
void progress_finish(void);

/* 1 when a status line is kept (the caller then ticks). */
int progress_live(void);

#endif /* PROGRESS_H */
