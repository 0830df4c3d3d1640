// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getrusage() CPU times of a spinning thread (a loop of getppid() calls,
 * so both user and system time grow), read for RUSAGE_THREAD and for
 * RUSAGE_SELF until each has changed 40 times:
 * - neither ru_utime nor ru_stime ever goes backwards from one read to
 *   the next;
 * - the times have microsecond resolution: before 761b1d26df54 the
 *   RUSAGE_THREAD times went through clock_t and were whole multiples of
 *   10 ms; now utime + stime is the scheduler's runtime, split, and of 40
 *   distinct values at least one is not a multiple of 10 ms;
 * - the steps of utime + stime are not all whole 10 ms either: with a
 *   tick shorter than 10 ms (the resolution of CLOCK_REALTIME_COARSE)
 *   the smallest of the 40 nonzero steps is below 10 ms. Only the
 *   smallest is held to it: a guest whose host stalls it sees ticks come
 *   late, and steps of two ticks or more are common there.
 */
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include "tst_test.h"

#define CHANGES 40

static long long us(const struct timeval *tv)
{
	return tv->tv_sec * 1000000LL + tv->tv_usec;
}

static int cmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

static void run(unsigned int n)
{
	int who = n ? RUSAGE_SELF : RUSAGE_THREAD;
	const char *name = n ? "RUSAGE_SELF" : "RUSAGE_THREAD";
	long long u = 0, s = 0, lu, ls, step[CHANGES], tick_us, end, limit;
	int changes = 0, fine = 0, back = 0, i;
	struct timespec res;
	struct rusage ru;

	clock_getres(CLOCK_REALTIME_COARSE, &res);
	tick_us = res.tv_sec * 1000000LL + res.tv_nsec / 1000;

	if (getrusage(who, &ru))
		tst_brk(TBROK | TERRNO, "getrusage(%s)", name);
	lu = us(&ru.ru_utime);
	ls = us(&ru.ru_stime);
	limit = 10000 * tst_timeout_mul();
	end = tst_mono_ms() + limit;
	while (changes < CHANGES) {
		for (i = 0; i < 50; i++)
			getppid();
		if (getrusage(who, &ru))
			tst_brk(TBROK | TERRNO, "getrusage(%s)", name);
		u = us(&ru.ru_utime);
		s = us(&ru.ru_stime);
		if (u < lu || s < ls) {
			if (!back++)
				tst_res(TFAIL, "%s went back: utime %lld -> %lld, "
					"stime %lld -> %lld us", name, lu, u,
					ls, s);
		}
		if (u + s != lu + ls) {
			step[changes++] = (u + s) - (lu + ls);
			if ((u + s) % 10000)
				fine++;
		}
		lu = u;
		ls = s;
		if (tst_mono_ms() > end)
			tst_brk(TBROK, "%s changed only %d times in %lld ms",
				name, changes, limit);
	}
	if (!back)
		tst_res(TPASS, "%s utime and stime never went back", name);
	TST_EXP_EXPR(fine > 0, "%s: %d of %d values are not whole 10 ms "
		     "(utime %lld, stime %lld us at the end)", name, fine,
		     CHANGES, u, s);
	qsort(step, CHANGES, sizeof(step[0]), cmp);
	if (tick_us >= 10000) {
		tst_res(TINFO, "a tick is %lld us: steps of 10 ms say nothing",
			tick_us);
		return;
	}
	TST_EXP_EXPR(step[0] < 10000, "%s: smallest step %lld us is below "
		     "10 ms (tick %lld us; median %lld, largest %lld)", name,
		     step[0], tick_us, step[CHANGES / 2], step[CHANGES - 1]);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "761b1d26df54"},
		{}
	},
};
