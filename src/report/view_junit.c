// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JUnit XML as Jenkins and GitLab read it: one <testsuite> for the run,
 * one <testcase> per test record. A failed test has a <failure>, a broken
 * one an <error>, a skipped one <skipped>; a warning is a pass whose
 * reason is kept in <system-err>. Output goes to <system-out>, escaped
 * like the HTML page (XML 1.0 allows no control characters at all).
 */
#include <string.h>
#include <time.h>

#include "markup.h"
#include "views.h"

static void attr(FILE *f, const char *name, const char *val)
{
	fprintf(f, " %s=\"", name);
	markup_escapes(f, val);
	fputc('"', f);
}

static void properties(FILE *f, const struct run_records *rr)
{
	static const char *const names[] = {
		"kernel", "kernel_build", "machine", "hostname", "version",
	};
	const char *vals[] = {
		rr->kernel, rr->kernel_build, rr->machine, rr->hostname,
		rr->version,
	};
	size_t i;

	fputs("    <properties>\n", f);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		fputs("      <property", f);
		attr(f, "name", names[i]);
		attr(f, "value", vals[i]);
		fputs("/>\n", f);
	}
	fputs("    </properties>\n", f);
}

/*
 * How many records before t have its tag and iteration: a tag listed
 * twice (or a test resumed) would otherwise give two testcases of one
 * name, which JUnit readers merge or reject.
 */
static unsigned int earlier_twins(const struct run_records *rr, size_t i)
{
	const struct test_record *t = &rr->tests[i];
	unsigned int n = 0;
	size_t j;

	for (j = 0; j < i; j++)
		n += rr->tests[j].iteration == t->iteration &&
		     !strcmp(rr->tests[j].tag, t->tag);
	return n;
}

static void testcase(FILE *f, const struct test_record *t, unsigned int twins)
{
	static const char *const elem[RC_COUNT] = {
		[RC_FAIL] = "failure",
		[RC_BROKEN] = "error",
	};
	static const char *const type[RC_COUNT] = {
		[RC_FAIL] = "TFAIL",
		[RC_BROKEN] = "TBROK",
	};
	char name[64];

	fputs("    <testcase name=\"", f);
	markup_escapes(f, t->tag);
	if (t->iteration > 1) {
		snprintf(name, sizeof(name), " (iteration %ld)", t->iteration);
		fputs(name, f);
	}
	if (twins) {
		snprintf(name, sizeof(name), " #%u", twins + 1);
		fputs(name, f);
	}
	fputc('"', f);
	fprintf(f, " classname=\"ltp\" time=\"%.3f\">\n", t->duration);
	if (elem[t->rc]) {
		fprintf(f, "      <%s", elem[t->rc]);
		attr(f, "message", t->reason);
		fprintf(f, " type=\"%s\">", type[t->rc]);
		markup_escapes(f, t->reason);
		fprintf(f, "</%s>\n", elem[t->rc]);
	} else if (t->rc == RC_SKIPPED) {
		fputs("      <skipped", f);
		attr(f, "message", t->reason);
		fputs("/>\n", f);
	}
	fputs("      <system-out>", f);
	fputs("$ ", f);
	markup_escapes(f, t->cmd);
	fputc('\n', f);
	markup_escape(f, t->output, t->output_len);
	fputs("</system-out>\n", f);
	if (t->rc == RC_WARNING) {
		fputs("      <system-err>", f);
		markup_escapes(f, t->reason);
		fputs("</system-err>\n", f);
	}
	fputs("    </testcase>\n", f);
}

int view_junit(const struct run_records *rr, const char *path)
{
	FILE *f = view_open(path);
	time_t start = run_start(rr);
	char stamp[32];
	unsigned int failures = rr->total[RC_FAIL];
	unsigned int errors = rr->total[RC_BROKEN];
	unsigned int skipped = rr->total[RC_SKIPPED];
	double secs = run_duration(rr);
	size_t i;

	if (!f)
		return -1;
	if (!strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%S",
		      localtime(&start)))
		strcpy(stamp, "1970-01-01T00:00:00");
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	fprintf(f, "<testsuites name=\"ltp\" tests=\"%zu\" failures=\"%u\" errors=\"%u\" skipped=\"%u\" time=\"%.3f\">\n",
		rr->n, failures, errors, skipped, secs);
	fputs("  <testsuite", f);
	attr(f, "name", *rr->kernel ? rr->kernel : "ltp");
	fprintf(f, " tests=\"%zu\" failures=\"%u\" errors=\"%u\" skipped=\"%u\" time=\"%.3f\" timestamp=\"%s\"",
		rr->n, failures, errors, skipped, secs, stamp);
	attr(f, "hostname", *rr->hostname ? rr->hostname : "unknown");
	fputs(">\n", f);
	properties(f, rr);
	for (i = 0; i < rr->n; i++)
		testcase(f, &rr->tests[i], earlier_twins(rr, i));
	fputs("  </testsuite>\n</testsuites>\n", f);
	return view_close(f, path);
}
