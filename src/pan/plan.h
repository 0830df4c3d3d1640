/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The plan of a run: the selected tests of the runtest files, repeated
 * for each iteration (-I), each iteration shuffled when asked (-R SEED),
 * with what the skip list (-S) and the timeout overrides (-o) say about
 * each. A test's position in the plan is its "index" in the records, and
 * the plan's id (a hash of the sequence of tags and commands) lets a
 * resumed run check that it continues the same plan.
 */
#ifndef PLAN_H
#define PLAN_H

#include <stddef.h>

#include "runtest.h"

struct plan_item {
	const struct test_entry *t;
	size_t index;
	unsigned int iteration;		/* 1 .. iterations */
	const char *skip_reason;	/* -S: not run, recorded skipped */
	double timeout;			/* -o or "#@ timeout=", 0: none */
	int done;			/* -c: already has a record */
	int started_ahead;		/* ran while an exclusive test waited */
};

struct plan {
	struct plan_item *v;
	size_t n;
	char id[17];			/* 64-bit hash, hex */
	int shuffled;			/* -R: each round is shuffled */
	unsigned long long state;	/* the shuffle's generator */
	unsigned int round;		/* -L: rounds before this one */
};

/* A timeout override: tests whose tag matches glob get secs. */
struct timeout_override {
	const char *glob;
	double secs;
};

/*
 * Build the plan. seed is used when shuffle is set. Overrides are tried
 * in order, the last match wins.
 */
void plan_build(struct plan *p, const struct test_list *tests,
		unsigned int iterations, int shuffle, unsigned long long seed,
		const struct timeout_override *ov, size_t n_ov);

/*
 * -L: make the plan of one iteration, whose tests have all ended, its
 * next round: the same tests, indexes going on from the last round's,
 * the round's number as their iteration, done flags cleared, shuffled
 * again under -R (the generator goes on, so each round has another
 * order, repeatable from the seed).
 */
void plan_next_round(struct plan *p);

/* Mark tests named by a skip list; see skip_list.h. */
struct skip_list;
void plan_apply_skips(struct plan *p, const struct skip_list *sl);

#endif /* PLAN_H */
