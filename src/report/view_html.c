// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The HTML page of a run: one self-contained file (inline CSS, a few
 * lines of inline script for the filter box; without script the page
 * reads the same) that reads well from a CI artifact or a mail
 * attachment. Summary first, then what went wrong, then every test with
 * its output folded away. Result colours come from the Okabe-Ito palette
 * and always carry a text label, so nothing depends on telling colours
 * apart. Every string from the records is escaped: test output is
 * arbitrary bytes.
 */
#include <string.h>
#include <time.h>

#include "strbuf.h"
#include "taint_flags.h"

#include "markup.h"
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
	"#problems-only:checked~table tr.pass,#problems-only:checked~table tr.skipped{display:none}\n"
	"#filter{font-size:1em;padding:.2em .4em;min-width:20em;margin:.4em 0}\n"
	".filtered{display:none}\n";

/*
 * The filter box: rows whose tag, result or reason do not contain the
 * text typed are hidden; "page.html#filter=TEXT" opens the page filtered
 * (a link to "the failures of this run"). Test text never reaches the
 * script as code: it is read from the (escaped) page, and the filter is
 * only ever a form value.
 */
static const char script[] =
	"(function(){\n"
	"var box=document.getElementById('filter');\n"
	"var rows=document.querySelectorAll('table.tests tr[id]');\n"
	"var count=document.getElementById('shown');\n"
	"function apply(){\n"
	" var q=box.value.toLowerCase(),n=0;\n"
	" for(var i=0;i<rows.length;i++){\n"
	"  var r=rows[i],t=(r.getAttribute('data-key')||'').toLowerCase();\n"
	"  var hide=q!=='' && t.indexOf(q)<0;\n"
	"  r.classList.toggle('filtered',hide);\n"
	"  if(!hide)n++;\n"
	" }\n"
	" count.textContent=n+' of '+rows.length+' tests shown';\n"
	"}\n"
	"function openOutput(){\n"
	" var m=location.hash.match(/^#o[0-9]+$/);\n"
	" var d=m&&document.getElementById(m[0].slice(1));\n"
	" if(d){d.open=true;d.scrollIntoView();}\n"
	"}\n"
	"window.addEventListener('hashchange',openOutput);\n"
	"openOutput();\n"
	"var h=location.hash.match(/^#filter=(.*)$/);\n"
	"if(h){try{box.value=decodeURIComponent(h[1]);}catch(e){}}\n"
	"box.addEventListener('input',apply);\n"
	"box.disabled=false;\n"
	"apply();\n"
	"})();\n";

static const char *const marks[RC_COUNT] = {
	[RC_PASS] = "&#x2713; PASS",		/* check mark */
	[RC_FAIL] = "&#x2717; FAIL",		/* ballot x */
	[RC_BROKEN] = "! BROK",
	[RC_WARNING] = "&#x26a0; WARN",		/* warning sign */
	[RC_SKIPPED] = "&#x2013; CONF",		/* en dash */
};

/* Short names: the page is mostly escaped text. */
#define esc markup_escape
#define escs markup_escapes

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

static void row(FILE *f, const char *name, const char *val)
{
	fprintf(f, "<tr><th>%s</th><td>", name);
	escs(f, val);
	fputs("</td></tr>\n", f);
}

static void summary(FILE *f, const struct run_records *rr)
{
	double start = run_start(rr), end = run_end(rr);
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
	if (*rr->stopped) {
		fputs("<p><strong>The run stopped early</strong> (", f);
		escs(f, !strcmp(rr->stopped, "time_limit") ?
		     "its time limit was reached" :
		     !strcmp(rr->stopped, "records") ?
		     "the result records could not be written" : rr->stopped);
		fprintf(f, "): %ld test(s) of the plan did not run.</p>\n",
			rr->not_run);
	}
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
		if (*rr->distribution) {
			struct strbuf d = STRBUF_INIT;

			sb_printf(&d, "%s %s", rr->distribution,
				  rr->distribution_version);
			row(f, "Distribution", d.buf);
			sb_free(&d);
		}
		fprintf(f, "<tr><th>Parallel tests</th><td>%ld</td></tr>\n",
			rr->workers);
		if (rr->iterations > 1)
			fprintf(f, "<tr><th>Iterations</th><td>%ld</td></tr>\n",
				rr->iterations);
		if (*rr->seed)
			row(f, "Random order, seed", rr->seed);
		if (rr->resumed)
			row(f, "Resumed", "yes: the run was continued after an interruption");
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
		fprintf(f, " <a href=\"#o%zu\"><code>", i + 1);
		escs(f, t->tag);
		fputs("</code></a> <span class=\"reason\">", f);
		escs(f, t->reason);
		fputs("</span></li>\n", f);
	}
	fputs("</ul>\n", f);
}

/* New taint bits, by name: "W" alone says little. */
static void taint_note(FILE *f, const struct test_record *t)
{
	struct strbuf sb = STRBUF_INIT;

	if (t->taint_before < 0 || t->taint_after < 0 ||
	    !(t->taint_after & ~t->taint_before))
		return;
	taint_describe(&sb, t->taint_after & ~t->taint_before, 1);
	fputs(" (new: ", f);
	escs(f, sb.buf);
	fputc(')', f);
	sb_free(&sb);
}

/*
 * The fold of test number num: open at once for a failure or breakage,
 * whose output is what the reader came for; "#oN" names it.
 */
static void details(FILE *f, const struct test_record *t, size_t num)
{
	size_t i;

	fprintf(f, "<details id=\"o%zu\"%s><summary>command, output", num,
		is_problem(t->rc) ? " open" : "");
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
	if (t->dmesg_len) {
		fputs("<p>Kernel log meanwhile (-K):</p><pre class=\"dmesg\">", f);
		esc(f, t->dmesg, t->dmesg_len);
		fputs("</pre>\n", f);
	}
	fputs("<p>end ", f);
	escs(f, t->end);
	fprintf(f, ", exit %ld, signal %ld, taint %ld &rarr; %ld",
		t->exit_code, t->signal, t->taint_before, t->taint_after);
	taint_note(f, t);
	fprintf(f, ", cpu user %.2f s, sys %.2f s", t->cu, t->cs);
	if (t->backstop > 0)
		fprintf(f, ", backstop %.0f s", t->backstop);
	if (t->exclusive)
		fputs(", ran alone", f);
	fputs("</p>\n</details>", f);
}

static void all_tests(FILE *f, const struct run_records *rr)
{
	size_t i;

	fputs("<h2>All tests</h2>\n", f);
	fputs("<p><label for=\"filter\">Filter by test, result or reason:</label> <input type=\"search\" id=\"filter\" disabled placeholder=\"e.g. FAIL or read0\"> <span id=\"shown\"></span></p>\n", f);
	fputs("<input type=\"checkbox\" id=\"problems-only\"> <label for=\"problems-only\">hide passed and skipped tests</label>\n", f);
	fputs("<table class=\"tests\">\n<tr><th>#</th><th>Test</th><th>Result</th><th>Duration</th><th>Details</th></tr>\n", f);
	for (i = 0; i < rr->n; i++) {
		const struct test_record *t = &rr->tests[i];

		fprintf(f, "<tr id=\"t%zu\" class=\"%s\" data-key=\"",
			i + 1, rc_name(t->rc));
		escs(f, t->tag);
		fprintf(f, " %s %s ", rc_label(t->rc), rc_name(t->rc));
		escs(f, t->reason);
		fprintf(f, "\"><td class=\"num\">%zu</td><td><code>", i + 1);
		escs(f, t->tag);
		fputs("</code>", f);
		if (t->iteration > 1)
			fprintf(f, " <small>(iteration %ld)</small>",
				t->iteration);
		fputs("</td><td>", f);
		label(f, t->rc);
		if (*t->reason) {
			fputs("<br><span class=\"reason\">", f);
			escs(f, t->reason);
			fputs("</span>", f);
		}
		fputs("</td><td class=\"num\">", f);
		duration(f, t->duration);
		fputs("</td><td>", f);
		details(f, t, i + 1);
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
	fprintf(f, "<script>\n%s</script>\n", script);
	fputs("</body>\n</html>\n", f);
	return view_close(f, path);
}
