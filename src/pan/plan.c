// SPDX-License-Identifier: GPL-2.0-or-later
#include <fnmatch.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "plan.h"
#include "skip_list.h"
#include "strbuf.h"

/*
 * splitmix64: a small generator of our own, so that a seed printed on one
 * machine gives the same order on another, whatever its libc.
 */
static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void shuffle(struct plan_item *v, size_t n, uint64_t *state)
{
	struct plan_item tmp;
	size_t i, j;

	for (i = n; i > 1; i--) {
		j = next_random(state) % i;
		tmp = v[i - 1];
		v[i - 1] = v[j];
		v[j] = tmp;
	}
}

/* FNV-1a over tag and command of each item, in order. */
static void hash_plan(struct plan *p)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	const unsigned char *s;
	size_t i;
	int part;

	for (i = 0; i < p->n; i++) {
		for (part = 0; part < 2; part++) {
			s = (const unsigned char *)(part ? p->v[i].t->cmd :
							   p->v[i].t->tag);
			do {
				h ^= *s;
				h *= 0x100000001b3ULL;
			} while (*s++);
		}
	}
	snprintf(p->id, sizeof(p->id), "%016llx", (unsigned long long)h);
}

void plan_build(struct plan *p, const struct test_list *tests,
		unsigned int iterations, int shuffled, unsigned long long seed,
		const struct timeout_override *ov, size_t n_ov)
{
	uint64_t state = seed;
	struct plan_item *it;
	unsigned int iter;
	size_t i, k;

	p->n = tests->n * iterations;
	p->v = xmalloc((p->n ? p->n : 1) * sizeof(*p->v));
	memset(p->v, 0, (p->n ? p->n : 1) * sizeof(*p->v));
	for (iter = 0; iter < iterations; iter++) {
		it = p->v + (size_t)iter * tests->n;
		for (i = 0; i < tests->n; i++) {
			it[i].t = &tests->v[i];
			it[i].iteration = iter + 1;
			it[i].timeout = tests->v[i].timeout;
			for (k = 0; k < n_ov; k++) {
				if (!fnmatch(ov[k].glob, tests->v[i].tag, 0))
					it[i].timeout = ov[k].secs;
			}
		}
		if (shuffled)
			shuffle(it, tests->n, &state);
	}
	for (i = 0; i < p->n; i++)
		p->v[i].index = i;
	hash_plan(p);
	p->shuffled = shuffled;
	p->state = state;
	p->round = 0;
}

void plan_next_round(struct plan *p)
{
	uint64_t state = p->state;
	size_t i;

	if (p->shuffled)
		shuffle(p->v, p->n, &state);
	p->state = state;
	p->round++;
	for (i = 0; i < p->n; i++) {
		p->v[i].index = (size_t)p->round * p->n + i;
		p->v[i].iteration = p->round + 1;
		p->v[i].done = 0;
		p->v[i].started_ahead = 0;
	}
}

void plan_apply_skips(struct plan *p, const struct skip_list *sl)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		p->v[i].skip_reason = skip_list_match(sl, p->v[i].t->tag);
}
