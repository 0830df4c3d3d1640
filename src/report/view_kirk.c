// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The JSON report of LTP's kirk runner, so that tools reading kirk's
 * reports read ours: {"results": [{"test_fqn", "status", "test":
 * {"command", "arguments", "log", "retval", "duration", "failed",
 * "passed", "broken", "skipped", "warnings", "result"}}], "stats":
 * {"runtime", "passed", ...}, "environment": {"distribution", ...}}.
 *
 * The values are the ones kirk 4.1.0 gives for the same test (its
 * libkirk/ltp.py and export.py; compared against its output in
 * tests/runner/kirk_compare.test): the command split as kirk splits a
 * runtest line, the counts of the Summary block or, without one, of the
 * T* words in the output or of the exit status, the status from the exit
 * status, retval "-1" for a timeout. The one departure, documented in
 * doc/runltp.md: a test that ltp-pan judged failed, broken or warning
 * (the kernel tainted or oopsed during it) is not reported as a pass.
 */
#include <signal.h>
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
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	       c == '\f' || c == '\v';
}

/*
 * One word of a runtest line as kirk's pattern finds it, at p (not a
 * blank): a "..." or '...' string, quotes kept, else a run of non-blanks.
 * Returns the end of the word.
 */
static const char *kirk_word(const char *p)
{
	const char *close;

	if (*p == '"' || *p == '\'') {
		close = strchr(p + 1, *p);
		if (close)
			return close + 1;
	}
	while (*p && !blank(*p))
		p++;
	return p;
}

static void command(struct strbuf *sb, const char *cmd)
{
	const char *p = cmd, *end;
	int n = 0;

	for (;;) {
		while (blank(*p))
			p++;
		if (!*p)
			break;
		end = kirk_word(p);
		if (!n) {
			jw_key(sb, "command");
			jw_quote(sb, p, end - p);
			jw_key(sb, "arguments");
			sb_addc(sb, '[');
		} else {
			if (n > 1)
				sb_addc(sb, ',');
			jw_quote(sb, p, end - p);
		}
		n++;
		p = end;
	}
	if (!n) {
		jw_str(sb, "command", "");
		jw_key(sb, "arguments");
		sb_addc(sb, '[');
	}
	sb_addc(sb, ']');
}

/*
 * kirk's return code: "-1" for a timeout; a test killed by SIGKILL
 * reads "-9" (the signal reaches kirk's shell too); another signal
 * "128+N", as kirk's shell reports its child's death.
 */
static long kirk_retval(const struct test_record *t)
{
	if (!strcmp(t->end, "timed_out"))
		return -1;
	if (!strcmp(t->end, "signalled"))
		return t->signal == SIGKILL ? -SIGKILL : 128 + t->signal;
	return t->exit_code;
}

static enum result_class status_of(long retval)
{
	switch (retval) {
	case 0:
		return RC_PASS;
	case 2:
	case -1:
		return RC_BROKEN;
	case 4:
		return RC_WARNING;
	case 32:
		return RC_SKIPPED;
	}
	return RC_FAIL;
}

static long count_word(const char *s, size_t len, const char *word)
{
	size_t wlen = strlen(word), i;
	long n = 0;

	for (i = 0; i + wlen <= len; i++) {
		if (!memcmp(s + i, word, wlen)) {
			n++;
			i += wlen - 1;
		}
	}
	return n;
}

/*
 * Counts: the test's Summary block when it printed one (ltp-pan kept
 * them), else the TPASS... words of its output, else one from the
 * return code; a timeout adds a broken one.
 */
static void kirk_counts(const struct test_record *t, long retval,
			long c[CNT_COUNT])
{
	static const char *const words[CNT_COUNT] = {
		[CNT_PASSED] = "TPASS", [CNT_FAILED] = "TFAIL",
		[CNT_BROKEN] = "TBROK", [CNT_SKIPPED] = "TSKIP",
		[CNT_WARNINGS] = "TWARN",
	};
	int i, any = 0;

	for (i = 0; i < CNT_COUNT; i++)
		any |= (c[i] = t->counts[i]) != 0;
	for (i = 0; !any && i < CNT_COUNT; i++)
		any |= (c[i] = count_word(t->output, t->output_len, words[i])) != 0;
	if (!any) {
		if (retval == 0)
			c[CNT_PASSED] = 1;
		else if (retval == 4)
			c[CNT_WARNINGS] = 1;
		else if (retval == 32)
			c[CNT_SKIPPED] = 1;
		else if (retval != -1)
			c[CNT_FAILED] = 1;
	}
	if (retval == -1)
		c[CNT_BROKEN] = 1;
}

static void result(struct strbuf *sb, const struct test_record *t,
		   long sums[CNT_COUNT])
{
	long retval = kirk_retval(t), c[CNT_COUNT];
	enum result_class st = status_of(retval);
	char num[32];
	int i;

	/* ltp-pan's kernel checks can fail a test that exited 0 */
	if (st == RC_PASS && t->rc != RC_PASS && t->rc != RC_SKIPPED)
		st = t->rc;
	kirk_counts(t, retval, c);
	for (i = 0; i < CNT_COUNT; i++)
		sums[i] += c[i];
	jw_open(sb);
	jw_str(sb, "test_fqn", t->tag);
	jw_str(sb, "status", kirk_status[st]);
	jw_key(sb, "test");
	jw_open(sb);
	command(sb, t->cmd);
	jw_strn(sb, "log", t->output, t->output_len);
	snprintf(num, sizeof(num), "%ld", retval);
	jw_key(sb, "retval");
	sb_addc(sb, '[');
	jw_quote(sb, num, strlen(num));
	sb_addc(sb, ']');
	jw_secs(sb, "duration", t->duration);
	jw_int(sb, "failed", c[CNT_FAILED]);
	jw_int(sb, "passed", c[CNT_PASSED]);
	jw_int(sb, "broken", c[CNT_BROKEN]);
	jw_int(sb, "skipped", c[CNT_SKIPPED]);
	jw_int(sb, "warnings", c[CNT_WARNINGS]);
	jw_str(sb, "result", kirk_status[st]);
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
	jw_str(sb, "cmdline", rr->cmdline);
	jw_str(sb, "arch", rr->machine);
	/*
	 * kirk's "uname -p": the kernel has no such field, and GNU
	 * coreutils, as Debian builds it, prints "unknown" on Linux.
	 */
	jw_str(sb, "cpu", "unknown");
	jw_str(sb, "swap", rr->swap);
	jw_str(sb, "RAM", rr->ram);
	jw_close(sb);
	sb_free(&kernel);
}

int view_kirk(const struct run_records *rr, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	long sums[CNT_COUNT] = { 0 };
	double runtime = 0;
	size_t i;
	FILE *f;

	jw_open(&sb);
	jw_key(&sb, "results");
	sb_addc(&sb, '[');
	for (i = 0; i < rr->n; i++) {
		if (i)
			sb_adds(&sb, ",\n");
		result(&sb, &rr->tests[i], sums);
		runtime += rr->tests[i].duration;
	}
	sb_addc(&sb, ']');
	/* kirk's runtime is the sum of the tests' times, not the run's */
	jw_key(&sb, "stats");
	jw_open(&sb);
	jw_secs(&sb, "runtime", runtime);
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
