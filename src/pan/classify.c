// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Result classes from the exit value bits of the test library (1 TFAIL,
 * 2 TBROK, 4 TWARN, 32 TCONF only), from how the test ended, and from the
 * kernel's health meanwhile. The order of the checks is the severity
 * order: a TFAIL among TBROKs is a failure.
 */
#include <stdlib.h>
#include <string.h>

#include "test_result.h"

/* Longest output line quoted as a reason. */
#define MAX_REASON_LINE	300

void test_result_free(struct test_result *r)
{
	size_t i;

	sb_free(&r->output);
	sb_free(&r->reason);
	sb_free(&r->dmesg);
	for (i = 0; i < r->kernel_log_n; i++)
		free(r->kernel_log[i]);
	r->kernel_log_n = 0;
}

/*
 * The first line of the output that carries the given result type, e.g.
 * "foo.c:42: TFAIL: read() returned 3": a better reason than an exit
 * value. Returns 0 when there is none (a plain command, capped output).
 */
static int find_result_line(const struct test_result *r, const char *ttype,
			    struct strbuf *reason)
{
	const char *out = r->output.buf, *end, *hit, *bol, *eol;
	size_t tlen = strlen(ttype), len;

	if (!out)
		return 0;
	end = out + r->output.len;
	for (hit = out; (hit = memmem(hit, end - hit, ttype, tlen)); hit++) {
		if (hit + tlen + 2 > end || hit[tlen] != ':' || hit[tlen + 1] != ' ')
			continue;
		bol = hit;
		while (bol > out && bol[-1] != '\n')
			bol--;
		eol = memchr(hit, '\n', end - hit);
		if (!eol)
			eol = end;
		len = eol - bol;
		if (len > MAX_REASON_LINE)
			len = MAX_REASON_LINE;
		sb_add(reason, bol, len);
		return 1;
	}
	return 0;
}

static void classify_exit(struct test_result *r)
{
	static const char *const ttype[RC_COUNT] = {
		[RC_FAIL] = "TFAIL",
		[RC_BROKEN] = "TBROK",
		[RC_WARNING] = "TWARN",
		[RC_SKIPPED] = "TCONF",
	};
	int e = r->exit_code;

	if (e == 0) {
		r->rc = RC_PASS;
		return;
	}
	if (e == 32)
		r->rc = RC_SKIPPED;
	else if (e == 126 || e == 127)
		r->rc = RC_FAIL;
	else if (e & 1)
		r->rc = RC_FAIL;
	else if (e & 2)
		r->rc = RC_BROKEN;
	else if (e & 4)
		r->rc = RC_WARNING;
	else
		r->rc = RC_FAIL;

	if (e == 126 || e == 127) {
		/* the shell's "cannot execute" and "not found" */
		sb_printf(&r->reason, "exit value %d: command %s", e,
			  e == 127 ? "not found" : "not executable");
		return;
	}
	if (e > 128 && e <= 128 + 64) {
		/*
		 * A shell between us and the test reports a signal as
		 * 128 + N; library exit values never exceed 63.
		 */
		r->rc = RC_BROKEN;
		sb_printf(&r->reason, "exit value %d: killed by signal %d (%s), says the shell",
			  e, e - 128, strsignal(e - 128));
		return;
	}
	if (ttype[r->rc] && find_result_line(r, ttype[r->rc], &r->reason))
		return;
	sb_printf(&r->reason, "exit value %d", e);
	if (ttype[r->rc] && !(e & ~0x27))	/* library bits only */
		sb_printf(&r->reason, " (%s)", ttype[r->rc]);
}

void classify(struct test_result *r)
{
	long new_taint;

	sb_reset(&r->reason);
	switch (r->end) {
	case END_EXITED:
		classify_exit(r);
		break;
	case END_SIGNALLED:
		r->rc = RC_BROKEN;
		sb_printf(&r->reason, "killed by signal %d (%s)", r->signal,
			  strsignal(r->signal));
		break;
	case END_NOT_RUN:
		/* the skip list said why; nothing ran, the kernel is not asked */
		r->rc = RC_SKIPPED;
		return;
	case END_TIMED_OUT:
		r->rc = RC_BROKEN;
		sb_printf(&r->reason, "timed out after %g s, process group killed",
			  r->timeout);
		if (r->unkillable)
			sb_adds(&r->reason, "; still alive after SIGKILL (stuck in the kernel?)");
		break;
	}

	/*
	 * An oops or warning in the kernel log is the kernel's fault, whatever
	 * the test concluded: the run failed. The test's own reason follows.
	 */
	if (r->kernel_log_n) {
		struct strbuf prev = r->reason;

		r->rc = RC_FAIL;
		r->reason = (struct strbuf)STRBUF_INIT;
		sb_printf(&r->reason, "kernel: %s", r->kernel_log[0]);
		if (prev.len)
			sb_printf(&r->reason, "; %s", prev.buf);
		sb_free(&prev);
		return;
	}

	if (r->taint_before < 0 || r->taint_after < 0)
		return;
	/* what the test declared it does (e.g. O, E: it loads a test module) */
	new_taint = r->taint_after & ~r->taint_before & ~r->expected_taint;
	if (!new_taint)
		return;
	if (r->rc == RC_PASS)
		r->rc = RC_WARNING;
	else if (r->reason.len)
		sb_adds(&r->reason, "; ");
	sb_printf(&r->reason, "kernel taint %ld -> %ld (new bits 0x%lx)",
		  r->taint_before, r->taint_after, (unsigned long)new_taint);
}
