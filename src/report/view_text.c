// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The plain-text views: LTP's results log in both of its formats, the
 * failed/tconf runtest lists, and the console summary.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "runtest.h"
#include "strbuf.h"
#include "views.h"

FILE *view_open(const char *path)
{
	FILE *f = fopen(path, "we");

	if (!f)
		fprintf(stderr, "ltp-report: cannot write %s: %s\n", path,
			strerror(errno));
	return f;
}

int view_close(FILE *f, const char *path)
{
	int err = ferror(f);

	if (fclose(f) || err) {
		fprintf(stderr, "ltp-report: error writing %s: %s\n", path,
			strerror(errno));
		return -1;
	}
	return 0;
}

/* The exit value column: a signal is shown the way a shell shows it. */
static long exit_value(const struct test_record *t)
{
	if (!strcmp(t->end, "exited"))
		return t->exit_code;
	return 128 + t->signal;
}

static void pretty_log(const struct run_records *rr, FILE *f)
{
	time_t start = run_start(rr);
	char when[64];
	size_t i;

	/* ctime() format, ending in a newline */
	if (!strftime(when, sizeof(when), "%a %b %e %H:%M:%S %Y",
		      localtime(&start)))
		strcpy(when, "?");
	fprintf(f, "Test Start Time: %s\n", when);
	fprintf(f, "-----------------------------------------\n");
	fprintf(f, "%-50s %-10s %s\n", "Testcase", "Result", "Exit Value");
	fprintf(f, "%-50s %-10s %s\n", "--------", "------", "----------");
	for (i = 0; i < rr->n; i++) {
		const struct test_record *t = &rr->tests[i];

		fprintf(f, "%-50s %-10s %ld\n", t->tag, rc_label(t->rc),
			exit_value(t));
	}
	fprintf(f, "\n-----------------------------------------------\n\n");
	fprintf(f, "Total Tests: %zu\n", rr->n);
	fprintf(f, "Total Skipped Tests: %u\n", rr->total[RC_SKIPPED]);
	fprintf(f, "Total Failures: %u\n",
		rr->total[RC_FAIL] + rr->total[RC_BROKEN]);
	fprintf(f, "Kernel Version: %s\n", rr->have_run ? rr->kernel : "");
	fprintf(f, "Machine Architecture: %s\n",
		rr->have_run ? rr->machine : "");
	fprintf(f, "Hostname: %s\n", rr->have_run ? rr->hostname : "");
}

static long long centisecs(double secs)
{
	return secs > 0 ? (long long)(secs * 100 + 0.5) : 0;
}

/* The lines LTP's pan wrote: one per test, times in whole seconds. */
static void raw_log(const struct run_records *rr, FILE *f)
{
	size_t i;

	for (i = 0; i < rr->n; i++) {
		const struct test_record *t = &rr->tests[i];
		const char *how = "exited";
		long stat = t->exit_code;

		if (!strcmp(t->end, "signalled")) {
			how = "signaled";
			stat = t->signal;
		} else if (!strcmp(t->end, "timed_out")) {
			how = "timed out";
			stat = t->signal;
		} else if (t->not_run) {
			how = "skipped";	/* by the skip list, never started */
		}
		fprintf(f, "tag=%s stime=%lld dur=%lld exit=%s stat=%ld core=no cu=%lld cs=%lld\n",
			t->tag, (long long)t->start, (long long)t->duration,
			how, stat, centisecs(t->cu), centisecs(t->cs));
	}
}

int view_log(const struct run_records *rr, const char *path, int pretty)
{
	FILE *f = view_open(path);

	if (!f)
		return -1;
	if (pretty)
		pretty_log(rr, f);
	else
		raw_log(rr, f);
	return view_close(f, path);
}

int view_list(const struct run_records *rr, const char *path,
	      unsigned int class_mask)
{
	FILE *f = view_open(path);
	size_t i;

	if (!f)
		return -1;
	for (i = 0; i < rr->n; i++) {
		const struct test_record *t = &rr->tests[i];

		if (!(class_mask & (1u << t->rc)))
			continue;
		/* the list must stay a runtest file ltp-pan accepts */
		if (!runtest_tag_ok(t->tag) || !*t->cmd ||
		    strpbrk(t->cmd, "\r\n")) {
			fprintf(stderr, "ltp-report: %s: test \"%s\" left out: its tag or command cannot be a runtest line\n",
				path, t->tag);
			continue;
		}
		fprintf(f, "%s %s\n", t->tag, t->cmd);
	}
	return view_close(f, path);
}

void view_summary(const struct run_records *rr, FILE *out)
{
	fprintf(out, "%zu tests: pass %u, fail %u, broken %u, warning %u, skipped %u%s\n",
		rr->n, rr->total[RC_PASS], rr->total[RC_FAIL],
		rr->total[RC_BROKEN], rr->total[RC_WARNING],
		rr->total[RC_SKIPPED],
		rr->have_end ? (rr->interrupted ? " (run interrupted)" : "") :
			       " (run did not finish)");
	if (rr->have_run)
		fprintf(out, "kernel %s on %s (%s)\n", rr->kernel,
			rr->hostname, rr->machine);
}

/* 1 when an earlier record of the run has the same tag. */
static int seen_before(const struct run_records *rr, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++) {
		if (rr->tests[j].dmesg_len &&
		    !strcmp(rr->tests[j].tag, rr->tests[i].tag))
			return 1;
	}
	return 0;
}

int view_dmesg_dir(const struct run_records *rr, const char *dir)
{
	struct strbuf path = STRBUF_INIT;
	int bad = 0;
	size_t i;
	FILE *f;

	if (mkdir(dir, 0755) && errno != EEXIST) {
		fprintf(stderr, "ltp-report: cannot create %s: %s\n", dir,
			strerror(errno));
		return -1;
	}
	for (i = 0; i < rr->n; i++) {
		const struct test_record *t = &rr->tests[i];

		if (!t->dmesg_len)
			continue;
		if (!runtest_tag_ok(t->tag)) {
			fprintf(stderr, "ltp-report: %s: test \"%s\" left out: its tag cannot be a file name\n",
				dir, t->tag);
			continue;
		}
		sb_reset(&path);
		sb_printf(&path, "%s/%s.dmesg", dir, t->tag);
		/* a test run again (-I) adds to its file */
		f = fopen(path.buf, seen_before(rr, i) ? "ae" : "we");
		if (!f) {
			fprintf(stderr, "ltp-report: cannot write %s: %s\n",
				path.buf, strerror(errno));
			bad = -1;
			continue;
		}
		fprintf(f, "==== %s (iteration %ld): %s\n", t->tag,
			t->iteration, t->cmd);
		fwrite(t->dmesg, 1, t->dmesg_len, f);
		if (view_close(f, path.buf))
			bad = -1;
	}
	sb_free(&path);
	return bad;
}
