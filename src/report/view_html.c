// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The HTML page of a run: one self-contained file (inline CSS, no script)
 * that reads well from a CI artifact or a mail attachment. Summary first,
 * then what went wrong, then every test with its output folded away.
 * Result colours come from the Okabe-Ito palette and always carry a text
 * label, so nothing depends on telling colours apart. Every string from
 * the records is escaped: test output is arbitrary bytes.
 */
#include <string.h>
#include <time.h>

#include "utf8.h"
#include "views.h"

static const char style[] =
	"body{font-family:system-ui,sans-serif;margin:1.5em;color:#1a1a1a;background:#fff}\n"
	"h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.5em}\n"
	"table{border-collapse:collapse}\n"
	"th,td{border:1px solid #bbb;padding:.25em .6em;text-align:left;vertical-align:top}\n"
	"th{background:#eee}\n"
	"td.num{text-align:right;font-variant-numeric:tabular-nums}\n"
	"code,pre{font-family:ui-monospace,monospace;font-size:.9em}\n"
	"pre{white-space:pre-wrap;word-break:break-all;background:#f6f6f6;padding:.5em;margin:.3em 0;max-height:40em;overflow:auto}\n"
	".r{display:inline-block;min-width:4.5em;font-weight:bold;font-family:ui-monospace,monospace;padding:.1em .4em;border-radius:3px;white-space:nowrap}\n"
	".r.pass{background:#0072b2;color:#fff}\n"
	".r.fail{background:#d55e00;color:#fff}\n"
	".r.broken{background:#cc79a7;color:#000}\n"
	".r.warning{background:#f0e442;color:#000}\n"
	".r.skipped{background:#ccc;color:#000}\n"
	".totals .r{margin-right:.6em}\n"
	".reason{font-size:.9em}\n"
	".klog{color:#a00}\n"
	"#problems-only:checked~table tr.pass,#problems-only:checked~table tr.skipped{display:none}\n";

static const char *const marks[RC_COUNT] = {
	[RC_PASS] = "&#x2713; PASS",		/* check mark */
	[RC_FAIL] = "&#x2717; FAIL",		/* ballot x */
	[RC_BROKEN] = "! BROK",
	[RC_WARNING] = "&#x26a0; WARN",		/* warning sign */
	[RC_SKIPPED] = "&#x2013; CONF",		/* en dash */
};

/*
 * Escape for element content and attribute values alike. Invalid UTF-8
 * and control characters (other than tab and newlines) become U+FFFD so
 * the page is valid whatever the test printed.
 */
static void esc(FILE *f, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n;

	while (i < len) {
		unsigned char c = p[i];

		switch (c) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		case '\t':
		case '\n':
		case '\r':
			fputc(c, f);
			break;
		default:
			if (c < 0x20 || c == 0x7f) {
				fputs("&#xfffd;", f);
			} else if (c < 0x80) {
				fputc(c, f);
			} else {
				n = utf8_seq_len(p + i, len - i);
				if (!n) {
					fputs("&#xfffd;", f);
					break;
				}
				fwrite(p + i, 1, n, f);
				i += n;
				continue;
			}
		}
		i++;
	}
}

static void escs(FILE *f, const char *s)
{
	esc(f, s, strlen(s));
}

static void when(FILE *f, double secs)
{
	time_t t = secs;
	char buf[64];

	if (secs <= 0 ||
	    !strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M:%S %z", localtime(&t)))
		strcpy(buf, "unknown");
	escs(f, buf);
}

static void duration(FILE *f, double secs)
{
	long s = secs;

	if (secs < 60)
		fprintf(f, "%.2f s", secs);
	else if (secs < 3600)
		fprintf(f, "%ldm %02lds", s / 60, s % 60);
	else
		fprintf(f, "%ldh %02ldm %02lds", s / 3600, s / 60 % 60, s % 60);
}

static void label(FILE *f, enum result_class rc)
{
	fprintf(f, "<span class=\"r %s\">%s</span>", rc_name(rc), marks[rc]);
}

static double run_end(const struct run_records *rr)
{
	double end = 0;
	size_t i;

	if (rr->have_end)
		return rr->end;
	for (i = 0; i < rr->n; i++) {
		if (rr->tests[i].start + rr->tests[i].duration > end)
			end = rr->tests[i].start + rr->tests[i].duration;
	}
	return end;
}

static void row(FILE *f, const char *name, const char *val)
{
	fprintf(f, "<tr><th>%s</th><td>", name);
	escs(f, val);
	fputs("</td></tr>\n", f);
}

static void summary(FILE *f, const struct run_records *rr)
{
	double start = rr->have_run ? rr->start :
		       rr->n ? rr->tests[0].start : 0;
	double end = run_end(rr);
	size_t i;
	int rc;

	fputs("<p class=\"totals\">", f);
	fprintf(f, "<strong>%zu tests:</strong> ", rr->n);
	for (rc = 0; rc < RC_COUNT; rc++) {
		label(f, rc);
		fprintf(f, " %u &nbsp; ", rr->total[rc]);
	}
	fputs("</p>\n", f);
	if (!rr->have_end)
		fputs("<p><strong>The run did not finish</strong>: no end record (killed, or the machine died). The tests listed are those that ended.</p>\n", f);
	else if (rr->interrupted)
		fputs("<p><strong>The run was interrupted</strong>: tests after the last one listed did not run.</p>\n", f);
	if (rr->skipped_lines)
		fprintf(f, "<p><strong>%u record line(s) could not be read</strong> and are left out.</p>\n",
			rr->skipped_lines);

	fputs("<table class=\"run\">\n", f);
	if (rr->have_run) {
		row(f, "Kernel", rr->kernel);
		row(f, "Kernel build", rr->kernel_build);
		row(f, "Machine", rr->machine);
		row(f, "Hostname", rr->hostname);
		row(f, "Suite version", rr->version);
		fputs("<tr><th>Runtest files</th><td>", f);
		for (i = 0; i < rr->runtest_n; i++) {
			fputs(i ? ", <code>" : "<code>", f);
			escs(f, rr->runtest[i]);
			fputs("</code>", f);
		}
		fputs("</td></tr>\n", f);
	}
	fputs("<tr><th>Start</th><td>", f);
	when(f, start);
	fputs("</td></tr>\n<tr><th>End</th><td>", f);
	when(f, end);
	fputs("</td></tr>\n<tr><th>Duration</th><td>", f);
	duration(f, end > start ? end - start : 0);
	fputs("</td></tr>\n</table>\n", f);
}

static int is_problem(enum result_class rc)
{
	return rc == RC_FAIL || rc == RC_BROKEN;
}

static void problems(FILE *f, const struct run_records *rr)
{
	unsigned int n = rr->total[RC_FAIL] + rr->total[RC_BROKEN];
	size_t i;

	fprintf(f, "<h2>Failures and breakages (%u)</h2>\n", n);
	if (!n) {
		fputs("<p>None.</p>\n", f);
		return;
	}
	fputs("<ul class=\"problems\">\n", f);
	for (i = 0; i < rr->n; i++) {
		const struct test_record *t = &rr->tests[i];

		if (!is_problem(t->rc))
			continue;
		fputs("<li>", f);
		label(f, t->rc);
		fprintf(f, " <a href=\"#t%zu\"><code>", i + 1);
		escs(f, t->tag);
		fputs("</code></a> <span class=\"reason\">", f);
		escs(f, t->reason);
		fputs("</span></li>\n", f);
	}
	fputs("</ul>\n", f);
}

static void details(FILE *f, const struct test_record *t)
{
	size_t i;

	fputs("<details><summary>command, output", f);
	fprintf(f, " (%ld bytes", t->output_bytes);
	if (t->output_dropped)
		fprintf(f, ", %ld not kept", t->output_dropped);
	fputs(")</summary>\n<pre>$ ", f);
	escs(f, t->cmd);
	fputs("\n", f);
	esc(f, t->output, t->output_len);
	fputs("</pre>\n", f);
	if (t->kernel_log_n) {
		fputs("<p class=\"klog\">Kernel log meanwhile:</p><pre class=\"klog\">", f);
		for (i = 0; i < t->kernel_log_n; i++) {
			escs(f, t->kernel_log[i]);
			fputc('\n', f);
		}
		fputs("</pre>\n", f);
	}
	fprintf(f, "<p>end %s, exit %ld, signal %ld, taint %ld &rarr; %ld, cpu user %.2f s, sys %.2f s</p>\n",
		t->end, t->exit_code, t->signal, t->taint_before,
		t->taint_after, t->cu, t->cs);
	fputs("</details>", f);
}

static void all_tests(FILE *f, const struct run_records *rr)
{
	size_t i;

	fputs("<h2>All tests</h2>\n", f);
	fputs("<input type=\"checkbox\" id=\"problems-only\"> <label for=\"problems-only\">hide passed and skipped tests</label>\n", f);
	fputs("<table class=\"tests\">\n<tr><th>#</th><th>Test</th><th>Result</th><th>Duration</th><th>Details</th></tr>\n", f);
	for (i = 0; i < rr->n; i++) {
		const struct test_record *t = &rr->tests[i];

		fprintf(f, "<tr id=\"t%zu\" class=\"%s\"><td class=\"num\">%zu</td><td><code>",
			i + 1, rc_name(t->rc), i + 1);
		escs(f, t->tag);
		fputs("</code></td><td>", f);
		label(f, t->rc);
		if (*t->reason) {
			fputs("<br><span class=\"reason\">", f);
			escs(f, t->reason);
			fputs("</span>", f);
		}
		fputs("</td><td class=\"num\">", f);
		duration(f, t->duration);
		fputs("</td><td>", f);
		details(f, t);
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

int view_html(const struct run_records *rr, const char *path)
{
	FILE *f = view_open(path);

	if (!f)
		return -1;
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n", f);
	fputs("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n", f);
	fputs("<title>LTP results", f);
	if (rr->have_run) {
		fputs(": ", f);
		escs(f, rr->kernel);
		fputs(" on ", f);
		escs(f, rr->hostname);
	}
	fputs("</title>\n<style>\n", f);
	fputs(style, f);
	fputs("</style>\n</head>\n<body>\n<h1>LTP results</h1>\n", f);
	summary(f, rr);
	problems(f, rr);
	all_tests(f, rr);
	fputs("</body>\n</html>\n", f);
	return view_close(f, path);
}
