// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Two runs side by side, for regression tracking between kernels. A test
 * (a tag) fails in a run when any of its records there failed or broke;
 * runs with iterations or duplicate tags are judged per tag. Lists:
 * new failures (failing now, not before: a regression, also when the old
 * run did not have the test), fixed, still failing, newly skipped (ran
 * before, skipped now: coverage lost) and gone (in the old run only).
 */
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "views.h"

struct verdict {
	const char *tag;
	const struct test_record *worst;	/* the record that decides */
	int failed;
	int all_skipped;
};

static int failing(enum result_class rc)
{
	return rc == RC_FAIL || rc == RC_BROKEN;
}

static int by_tag(const void *a, const void *b)
{
	return strcmp(((const struct verdict *)a)->tag,
		      ((const struct verdict *)b)->tag);
}

/* One verdict per tag, sorted by tag. */
static struct verdict *verdicts(const struct run_records *rr, size_t *n)
{
	struct verdict *v = xmalloc((rr->n ? rr->n : 1) * sizeof(*v));
	size_t i, k = 0, j;

	for (i = 0; i < rr->n; i++) {
		v[i].tag = rr->tests[i].tag;
		v[i].worst = &rr->tests[i];
	}
	/* stable enough: ties keep any record, then merged below */
	qsort(v, rr->n, sizeof(*v), by_tag);
	for (i = 0; i < rr->n; i = j) {
		struct verdict out = v[i];

		out.failed = 0;
		out.all_skipped = 1;
		for (j = i; j < rr->n && !strcmp(v[j].tag, v[i].tag); j++) {
			if (failing(v[j].worst->rc) && !out.failed) {
				out.failed = 1;
				out.worst = v[j].worst;
			}
			if (v[j].worst->rc != RC_SKIPPED)
				out.all_skipped = 0;
		}
		v[k++] = out;
	}
	*n = k;
	return v;
}

static const struct verdict *find(const struct verdict *v, size_t n,
				  const char *tag)
{
	struct verdict key = { tag, NULL, 0, 0 };

	return bsearch(&key, v, n, sizeof(*v), by_tag);
}

enum { NEW_FAIL, FIXED, STILL, NEW_SKIP, GONE, NLISTS };

static const char *const titles[NLISTS] = {
	"New failures", "Fixed", "Still failing", "Newly skipped",
	"Not in the new run",
};

static void line(struct strbuf *sb, const struct verdict *o,
		 const struct verdict *n, int list)
{
	sb_printf(sb, "  %-32s", (n ? n : o)->tag);
	switch (list) {
	case NEW_FAIL:
		sb_printf(sb, "  %s (was %s)  %s", rc_label(n->worst->rc),
			  o ? rc_label(o->worst->rc) : "not run",
			  n->worst->reason);
		break;
	case FIXED:
		sb_printf(sb, "  %s (was %s)", rc_label(n->worst->rc),
			  rc_label(o->worst->rc));
		break;
	case STILL:
		sb_printf(sb, "  %s (was %s)  %s", rc_label(n->worst->rc),
			  rc_label(o->worst->rc), n->worst->reason);
		break;
	case NEW_SKIP:
		sb_printf(sb, "  CONF (was %s)  %s", rc_label(o->worst->rc),
			  n->worst->reason);
		break;
	case GONE:
		sb_printf(sb, "  (was %s)", rc_label(o->worst->rc));
		break;
	}
	sb_addc(sb, '\n');
}

static void describe(FILE *out, const char *label, const char *name,
		     const struct run_records *rr)
{
	fprintf(out, "%s %s: %zu tests, kernel %s on %s\n", label, name,
		rr->n, *rr->kernel ? rr->kernel : "unknown",
		*rr->hostname ? rr->hostname : "unknown");
}

unsigned int compare_runs(const struct run_records *old, const char *old_name,
			  const struct run_records *new, const char *new_name,
			  FILE *out)
{
	struct strbuf lists[NLISTS];
	unsigned int counts[NLISTS] = { 0 };
	struct verdict *ov, *nv;
	const struct verdict *o, *n;
	size_t on, nn, i;
	int l;

	memset(lists, 0, sizeof(lists));
	ov = verdicts(old, &on);
	nv = verdicts(new, &nn);
	for (i = 0; i < nn; i++) {
		n = &nv[i];
		o = find(ov, on, n->tag);
		if (n->failed)
			l = o && o->failed ? STILL : NEW_FAIL;
		else if (o && o->failed)
			l = FIXED;
		else if (o && n->all_skipped && !o->all_skipped)
			l = NEW_SKIP;
		else
			continue;
		line(&lists[l], o, n, l);
		counts[l]++;
	}
	for (i = 0; i < on; i++) {
		if (!find(nv, nn, ov[i].tag)) {
			line(&lists[GONE], &ov[i], NULL, GONE);
			counts[GONE]++;
		}
	}
	describe(out, "Old:", old_name, old);
	describe(out, "New:", new_name, new);
	for (l = 0; l < NLISTS; l++) {
		fprintf(out, "\n%s (%u):\n", titles[l], counts[l]);
		if (lists[l].len)
			fputs(lists[l].buf, out);
		sb_free(&lists[l]);
	}
	fprintf(out, "\nSummary: %u new failures, %u fixed, %u still failing, %u newly skipped, %u not in the new run\n",
		counts[NEW_FAIL], counts[FIXED], counts[STILL],
		counts[NEW_SKIP], counts[GONE]);
	free(ov);
	free(nv);
	return counts[NEW_FAIL];
}
