// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The JSON report of LTP's kirk runner, so that tools reading kirk's
 * reports read ours: {"results": [{"test_fqn", "status", "test":
 * {"command", "arguments", "log", "retval", "duration", "passed",
 * "failed", "broken", "skipped", "warnings", "result"}}], "stats":
 * {"runtime", "passed", ...}, "environment": {"distribution", ...}}.
 * Statuses are kirk's: pass, fail, brok, warn, conf. The stats sum the
 * tests' own counts, as kirk's do.
 */
#include <string.h>

#include "json_write.h"
#include "views.h"

static const char *const kirk_status[RC_COUNT] = {
	[RC_PASS] = "pass",
	[RC_FAIL] = "fail",
	[RC_BROKEN] = "brok",
	[RC_WARNING] = "warn",
	[RC_SKIPPED] = "conf",
};

static int blank(char c)
{
	return c == ' ' || c == '\t';
}

/* kirk splits a runtest command at blanks: the program, its arguments. */
static void command(struct strbuf *sb, const char *cmd)
{
	const char *p = cmd, *start;
	int first = 1;

	while (blank(*p))
		p++;
	start = p;
	while (*p && !blank(*p))
		p++;
	jw_key(sb, "command");
	jw_quote(sb, start, p - start);
	jw_key(sb, "arguments");
	sb_addc(sb, '[');
	for (;;) {
		while (blank(*p))
			p++;
		if (!*p)
			break;
		start = p;
		while (*p && !blank(*p))
			p++;
		if (!first)
			sb_addc(sb, ',');
		first = 0;
		jw_quote(sb, start, p - start);
	}
	sb_addc(sb, ']');
}

static void result(struct strbuf *sb, const struct test_record *t)
{
	char retval[32];

	jw_open(sb);
	jw_str(sb, "test_fqn", t->tag);
	jw_str(sb, "status", kirk_status[t->rc]);
	jw_key(sb, "test");
	jw_open(sb);
	command(sb, t->cmd);
	jw_strn(sb, "log", t->output, t->output_len);
	snprintf(retval, sizeof(retval), "%ld", !strcmp(t->end, "exited") ||
		 t->not_run ? t->exit_code : 128 + t->signal);
	jw_key(sb, "retval");
	sb_addc(sb, '[');
	jw_quote(sb, retval, strlen(retval));
	sb_addc(sb, ']');
	jw_secs(sb, "duration", t->duration);
	jw_int(sb, "failed", t->counts[CNT_FAILED]);
	jw_int(sb, "passed", t->counts[CNT_PASSED]);
	jw_int(sb, "broken", t->counts[CNT_BROKEN]);
	jw_int(sb, "skipped", t->counts[CNT_SKIPPED]);
	jw_int(sb, "warnings", t->counts[CNT_WARNINGS]);
	jw_str(sb, "result", kirk_status[t->rc]);
	jw_close(sb);
	jw_close(sb);
}

static void environment(struct strbuf *sb, const struct run_records *rr)
{
	struct strbuf kernel = STRBUF_INIT;

	/* kirk reports "uname -s -r -v" */
	if (*rr->kernel)
		sb_printf(&kernel, "Linux %s %s", rr->kernel, rr->kernel_build);
	jw_key(sb, "environment");
	jw_open(sb);
	jw_str(sb, "distribution", rr->distribution);
	jw_str(sb, "distribution_version", rr->distribution_version);
	jw_strn(sb, "kernel", kernel.buf ? kernel.buf : "", kernel.len);
	jw_str(sb, "arch", rr->machine);
	jw_str(sb, "cpu", rr->machine);
	jw_str(sb, "swap", rr->swap);
	jw_str(sb, "RAM", rr->ram);
	jw_close(sb);
	sb_free(&kernel);
}

int view_kirk(const struct run_records *rr, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	long sums[CNT_COUNT] = { 0 };
	size_t i;
	int c;
	FILE *f;

	jw_open(&sb);
	jw_key(&sb, "results");
	sb_addc(&sb, '[');
	for (i = 0; i < rr->n; i++) {
		if (i)
			sb_adds(&sb, ",\n");
		result(&sb, &rr->tests[i]);
		for (c = 0; c < CNT_COUNT; c++)
			sums[c] += rr->tests[i].counts[c];
	}
	sb_addc(&sb, ']');
	jw_key(&sb, "stats");
	jw_open(&sb);
	jw_secs(&sb, "runtime", run_duration(rr));
	jw_int(&sb, "passed", sums[CNT_PASSED]);
	jw_int(&sb, "failed", sums[CNT_FAILED]);
	jw_int(&sb, "broken", sums[CNT_BROKEN]);
	jw_int(&sb, "skipped", sums[CNT_SKIPPED]);
	jw_int(&sb, "warnings", sums[CNT_WARNINGS]);
	jw_close(&sb);
	environment(&sb, rr);
	jw_close(&sb);
	sb_addc(&sb, '\n');

	f = view_open(path);
	if (!f) {
		sb_free(&sb);
		return -1;
	}
	fwrite(sb.buf, 1, sb.len, f);
	sb_free(&sb);
	return view_close(f, path);
}
