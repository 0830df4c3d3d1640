// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Flake hunting: the same tests run several times on the same kernel
 * (ltp-flake-hunt). A test whose records do not all have one class is
 * flaky: its verdict depends on something other than the kernel. Every
 * record counts, so one iteration of -I N that differs is enough. Tests
 * that some runs have and others do not (a run cut short by a panic or a
 * hang) are listed apart: their absence says nothing about the test.
 *
 * For each class a flaky test had, one record's output is shown, result
 * lines (TPASS, TFAIL, ...) first, so the two outcomes can be read one
 * under the other without opening the records.
 */
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "utf8.h"
#include "views.h"

/* Enough to read why a test failed; the records hold the rest. */
#define MAX_RESULT_LINES 40
#define MAX_OTHER_LINES 10
#define MAX_LINE_BYTES 400

/* One test record of one run. */
struct entry {
	const char *tag;
	size_t run;		/* index of the run */
	size_t pos;		/* index of the record in its run */
	const struct test_record *t;
};

enum kind { STEADY, DIFFERING, MISSING };

/* All records of one tag, entries[first .. first + n). */
struct group {
	size_t first;
	size_t n;
	enum kind kind;
	size_t first_run;	/* where the tag first ran */
	size_t first_pos;
};

static int by_tag_run_pos(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c = strcmp(x->tag, y->tag);

	if (c)
		return c;
	if (x->run != y->run)
		return x->run < y->run ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Report order: where a tag first ran, so the report follows the plan. */
static int by_first_seen(const void *a, const void *b)
{
	const struct group *x = a, *y = b;

	if (x->first_run != y->first_run)
		return x->first_run < y->first_run ? -1 : 1;
	return x->first_pos < y->first_pos ? -1 : x->first_pos > y->first_pos;
}

static enum kind judge(const struct entry *e, size_t n, size_t nruns)
{
	unsigned int classes = 0;
	size_t i, runs_with = 0;

	for (i = 0; i < n; i++) {
		classes |= 1u << e[i].t->rc;
		if (!i || e[i].run != e[i - 1].run)
			runs_with++;
	}
	/* more than one bit: two records of the tag disagree */
	if (classes & (classes - 1))
		return DIFFERING;
	return runs_with < nruns ? MISSING : STEADY;
}

/* "pass fail/pass missing": each run's classes, iterations joined by '/' */
static void print_verdicts(FILE *out, const struct entry *e, size_t n,
			   size_t nruns)
{
	size_t run, i = 0;

	for (run = 0; run < nruns; run++) {
		fputs(run ? " " : "", out);
		if (i == n || e[i].run != run) {
			fputs("missing", out);
			continue;
		}
		fputs(rc_name(e[i].t->rc), out);
		for (i++; i < n && e[i].run == run; i++)
			fprintf(out, "/%s", rc_name(e[i].t->rc));
	}
	fputc('\n', out);
}

/*
 * One line of test output as readable text: control characters and bytes
 * that are not UTF-8 as \xNN (a test may print anything), long lines cut.
 */
static void print_text_line(FILE *out, const char *prefix, const char *s,
			    size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, seq;

	fputs(prefix, out);
	while (i < len && i < MAX_LINE_BYTES) {
		if (p[i] >= 0x80 && (seq = utf8_seq_len(p + i, len - i))) {
			fwrite(p + i, 1, seq, out);
			i += seq;
		} else if (p[i] >= 0x80 || (p[i] < 0x20 && p[i] != '\t') ||
			   p[i] == 0x7f) {
			fprintf(out, "\\x%02x", p[i++]);
		} else {
			fputc(p[i++], out);
		}
	}
	if (i < len)
		fprintf(out, " ... (%zu more bytes)", len - i);
	fputc('\n', out);
}

/* The test library's result lines: "file:line: TFAIL: ..." (C and sh). */
static int result_line(const char *s, size_t len)
{
	static const char *const types[] = {
		"TPASS: ", "TFAIL: ", "TBROK: ", "TCONF: ", "TWARN: ",
	};
	size_t i, k;

	for (i = 0; i + 7 <= len; i++) {
		if (s[i] != 'T' || (i && s[i - 1] != ' ' && s[i - 1] != ':'))
			continue;
		for (k = 0; k < sizeof(types) / sizeof(types[0]); k++) {
			if (!memcmp(s + i, types[k], 7))
				return 1;
		}
	}
	return 0;
}

/*
 * Two passes over the output: the result lines, then the other lines up
 * to their cap; what is left out is counted so the reader knows.
 */
static void print_output(FILE *out, const struct test_record *t)
{
	const char *s = t->output, *end = t->output + t->output_len, *nl;
	size_t shown[2] = { 0, 0 }, hidden = 0;
	const size_t cap[2] = { MAX_RESULT_LINES, MAX_OTHER_LINES };
	int pass, is_result;

	for (pass = 0; pass < 2; pass++) {
		for (s = t->output; s < end; s = nl + 1) {
			nl = memchr(s, '\n', end - s);
			if (!nl)
				nl = end;
			is_result = result_line(s, nl - s);
			if (is_result != !pass || (nl == s && pass))
				continue;
			if (shown[pass] < cap[pass]) {
				print_text_line(out, "    | ", s, nl - s);
				shown[pass]++;
			} else {
				hidden++;
			}
		}
	}
	if (!t->output_len)
		fputs("    (no output)\n", out);
	if (hidden)
		fprintf(out, "    (%zu more lines not shown; the whole output is in the run's records)\n",
			hidden);
	if (t->output_dropped)
		fprintf(out, "    (%ld bytes past ltp-pan's 1 MiB cap were not kept)\n",
			t->output_dropped);
}

static void print_sample(FILE *out, const struct entry *e, const char *name)
{
	const struct test_record *t = e->t;
	size_t i;

	fprintf(out, "  %s in run %zu (%s), iteration %ld: ", rc_name(t->rc),
		e->run + 1, name, t->iteration);
	if (!strcmp(t->end, "exited"))
		fprintf(out, "exit %ld", t->exit_code);
	else if (t->not_run)
		fputs("not run (skip list)", out);
	else
		fprintf(out, "%s by signal %ld", t->end, t->signal);
	fprintf(out, " after %.2f s\n", t->duration);
	if (*t->reason)
		print_text_line(out, "    reason: ", t->reason, strlen(t->reason));
	for (i = 0; i < t->kernel_log_n; i++)
		print_text_line(out, "    kernel: ", t->kernel_log[i],
				strlen(t->kernel_log[i]));
	print_output(out, t);
}

/* The tag, each run's verdict, then one record of each class it had. */
static void print_differing(FILE *out, const struct entry *e, size_t n,
			    const char *const *names, size_t nruns)
{
	unsigned int shown = 0;
	size_t i;

	fprintf(out, "\n%s: ", e->tag);
	print_verdicts(out, e, n, nruns);
	for (i = 0; i < n; i++) {
		if (shown & 1u << e[i].t->rc)
			continue;
		shown |= 1u << e[i].t->rc;
		print_sample(out, &e[i], names[e[i].run]);
	}
}

static void describe_run(FILE *out, size_t i, const char *name,
			 const struct run_records *rr)
{
	const char *how;

	if (!rr->have_end)
		how = "no end record: the run was cut short";
	else if (rr->interrupted)
		how = "interrupted";
	else if (*rr->stopped)
		how = "stopped early";
	else
		how = "ended";
	fprintf(out, "run %zu: %s: %zu test records, kernel %s, %s\n", i + 1,
		name, rr->n, *rr->kernel ? rr->kernel : "unknown", how);
}

unsigned int flake_report(const struct run_records *runs,
			  const char *const *names, size_t nruns, FILE *out)
{
	struct entry *entries;
	struct group *groups;
	size_t total = 0, n = 0, ngroups = 0, i, j, r;
	unsigned int count[3] = { 0, 0, 0 };

	for (r = 0; r < nruns; r++)
		total += runs[r].n;
	entries = xmalloc((total ? total : 1) * sizeof(*entries));
	groups = xmalloc((total ? total : 1) * sizeof(*groups));
	for (r = 0; r < nruns; r++) {
		for (i = 0; i < runs[r].n; i++) {
			entries[n].tag = runs[r].tests[i].tag;
			entries[n].run = r;
			entries[n].pos = i;
			entries[n].t = &runs[r].tests[i];
			n++;
		}
	}
	qsort(entries, n, sizeof(*entries), by_tag_run_pos);
	for (i = 0; i < n; i = j) {
		struct group *g = &groups[ngroups++];

		j = i + 1;
		while (j < n && !strcmp(entries[j].tag, entries[i].tag))
			j++;
		g->first = i;
		g->n = j - i;
		g->kind = judge(&entries[i], j - i, nruns);
		/* sorted by run, then position: the first entry ran first */
		g->first_run = entries[i].run;
		g->first_pos = entries[i].pos;
		count[g->kind]++;
	}
	qsort(groups, ngroups, sizeof(*groups), by_first_seen);

	for (r = 0; r < nruns; r++)
		describe_run(out, r, names[r], &runs[r]);

	fprintf(out, "\nDiffering verdicts (%u):\n", count[DIFFERING]);
	for (i = 0; i < ngroups; i++) {
		if (groups[i].kind == DIFFERING)
			print_differing(out, &entries[groups[i].first],
					groups[i].n, names, nruns);
	}

	fprintf(out, "\nMissing from some runs, the same verdict wherever they ran (%u):\n",
		count[MISSING]);
	for (i = 0; i < ngroups; i++) {
		if (groups[i].kind != MISSING)
			continue;
		fprintf(out, "%s: ", entries[groups[i].first].tag);
		print_verdicts(out, &entries[groups[i].first], groups[i].n,
			       nruns);
	}

	fprintf(out, "\n%zu runs, %zu tests, %u with differing verdicts\n",
		nruns, ngroups, count[DIFFERING]);
	free(entries);
	free(groups);
	return count[DIFFERING];
}
