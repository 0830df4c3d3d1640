/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * For tests that set the system clock (clock_settime02-04): they run only
 * in a test VM (LTP_IN_GUEST=1, set by the guest's init), note where
 * CLOCK_REALTIME stood against CLOCK_MONOTONIC before they touch it, and
 * put it back from there, so the guest's later tests see the time it
 * would have had.
 */
#ifndef CLOCK_GUARD_H
#define CLOCK_GUARD_H

#include <stdlib.h>
#include <string.h>
#include "time_event.h"

static long long clock_guard_real0, clock_guard_mono0;
static int clock_guard_saved;

static inline int clock_guard_set_ns(long long ns)
{
	struct timespec ts = ns_ts(ns);

	return syscall(SYS_clock_settime, CLOCK_REALTIME, &ts);
}

/* The real time now, had nobody touched the clock since the save. */
static inline long long clock_guard_true_ns(void)
{
	return clock_guard_real0 + clock_ns(CLOCK_MONOTONIC) -
	       clock_guard_mono0;
}

/* In setup(): TCONF outside a test VM, else note the clocks. */
static inline void clock_guard_save(void)
{
	const char *in_guest = getenv("LTP_IN_GUEST");

	if (!in_guest || strcmp(in_guest, "1"))
		tst_brk(TCONF, "sets the system clock: runs only in a test VM "
			"whose environment has LTP_IN_GUEST=1");
	clock_guard_mono0 = clock_ns(CLOCK_MONOTONIC);
	clock_guard_real0 = clock_ns(CLOCK_REALTIME);
	clock_guard_saved = 1;
}

/* Put CLOCK_REALTIME back; TBROK when it cannot be. */
static inline void clock_guard_restore(void)
{
	if (clock_guard_set_ns(clock_guard_true_ns()))
		tst_brk(TBROK | TERRNO, "clock_settime(): could not put "
			"CLOCK_REALTIME back");
}

/* In cleanup(): put it back if it was saved (no tst_brk there). */
static inline void clock_guard_cleanup(void)
{
	if (clock_guard_saved)
		clock_guard_set_ns(clock_guard_true_ns());
}

#endif /* CLOCK_GUARD_H */
