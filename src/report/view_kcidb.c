// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KernelCI's common results format, KCIDB I/O schema 5.3 (doc/kcidb.md):
 * one checkout for the set of runs, one build per run (a flavour's
 * kernel), one test per test record. What the schema requires of each
 * value (origin and id patterns, path characters, the status names, no
 * NUL, 16 KiB log excerpts) is kept here, so that kcidb-validate and a
 * lab's submission take the file as it is.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "json_write.h"
#include "runtest_map.h"
#include "views.h"

#define KCIDB_MAJOR 5
#define KCIDB_MINOR 3
/* the schema's limit for log_excerpt, in characters */
#define EXCERPT_MAX 16384

/* Our classes as KCIDB statuses (doc/kcidb.md gives the reasons). */
static const char *const kcidb_status[RC_COUNT] = {
	[RC_PASS] = "PASS",
	[RC_FAIL] = "FAIL",
	/* the test could not judge the kernel: its harness failed */
	[RC_BROKEN] = "ERROR",
	/* passed, but the test said something went wrong around it */
	[RC_WARNING] = "ERROR",
	[RC_SKIPPED] = "SKIP",
};

/* RFC 3339 in UTC, as the schema's date-time format wants. */
static void jw_time(struct strbuf *sb, const char *key, double secs)
{
	time_t t = (time_t)secs;
	struct tm tm;
	char buf[40];

	gmtime_r(&t, &tm);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), ".%03d+00:00",
		 (int)((secs - (double)t) * 1000) % 1000);
	jw_str(sb, key, buf);
}

/*
 * One dot-separated part of a test path: the schema allows letters,
 * digits, '_' and '-' only, so a tag's '.' and '+' become '_'.
 */
static void path_part(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		    (*s >= '0' && *s <= '9') || *s == '_' || *s == '-')
			sb_addc(sb, *s);
		else
			sb_addc(sb, '_');
	}
}

/* An architecture as the schema allows it, [a-z0-9_]*: x86_64 stays */
static void arch_part(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if ((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9'))
			sb_addc(sb, *s);
		else if (*s >= 'A' && *s <= 'Z')
			sb_addc(sb, *s - 'A' + 'a');
		else
			sb_addc(sb, '_');
	}
}

/* An id's part after "ORIGIN:": anything but NUL; we keep it readable. */
static void id_part(struct strbuf *sb, const char *s)
{
	for (; *s; s++)
		sb_addc(sb, *s == ' ' ? '_' : *s);
}

/*
 * A failure's reason and the end of its output: what a KernelCI page
 * shows without fetching a log. Bytes stay as the records have them
 * (valid UTF-8); the cut falls on a character boundary.
 */
static void excerpt(struct strbuf *sb, const struct test_record *t)
{
	struct strbuf ex = STRBUF_INIT;
	size_t room, from = 0;

	sb_printf(&ex, "%s\n", t->reason);
	room = EXCERPT_MAX / 2 - ex.len;
	if (t->output_len > room) {
		from = t->output_len - room;
		while (from < t->output_len &&
		       ((unsigned char)t->output[from] & 0xc0) == 0x80)
			from++;
		sb_adds(&ex, "[...]\n");
	}
	sb_add(&ex, t->output + from, t->output_len - from);
	/* NUL is the one character the schema refuses */
	for (room = 0; room < ex.len; room++) {
		if (!ex.buf[room])
			ex.buf[room] = ' ';
	}
	jw_strn(sb, "log_excerpt", ex.buf, ex.len);
	sb_free(&ex);
}

static void build_id(struct strbuf *sb, const struct kcidb_opts *o,
		     const struct kcidb_run *r, size_t n)
{
	sb_printf(sb, "%s:%s-b%zu-", o->origin, o->checkout, n);
	id_part(sb, r->name);
}

static void checkout(struct strbuf *sb, const struct kcidb_opts *o,
		     const struct kcidb_run *runs, size_t nruns)
{
	struct strbuf id = STRBUF_INIT;
	double start = run_start(&runs[0].rr);
	size_t i;

	for (i = 1; i < nruns; i++) {
		if (run_start(&runs[i].rr) < start)
			start = run_start(&runs[i].rr);
	}
	sb_printf(&id, "%s:%s", o->origin, o->checkout);
	jw_key(sb, "checkouts");
	sb_adds(sb, "[{");
	jw_str(sb, "id", id.buf);
	jw_str(sb, "origin", o->origin);
	jw_str(sb, "tree_name", o->tree);
	jw_str(sb, "comment", o->comment);
	jw_time(sb, "start_time", start);
	jw_bool(sb, "valid", 1);
	jw_close(sb);
	sb_addc(sb, ']');
	sb_free(&id);
}

static void builds(struct strbuf *sb, const struct kcidb_opts *o,
		   const struct kcidb_run *runs, size_t nruns)
{
	struct strbuf id = STRBUF_INIT;
	const struct run_records *rr;
	size_t i;

	jw_key(sb, "builds");
	sb_addc(sb, '[');
	for (i = 0; i < nruns; i++) {
		rr = &runs[i].rr;
		if (i)
			sb_addc(sb, ',');
		jw_open(sb);
		sb_reset(&id);
		build_id(&id, o, &runs[i], i + 1);
		jw_str(sb, "id", id.buf);
		sb_reset(&id);
		sb_printf(&id, "%s:%s", o->origin, o->checkout);
		jw_str(sb, "checkout_id", id.buf);
		jw_str(sb, "origin", o->origin);
		sb_reset(&id);
		arch_part(&id, rr->machine);
		jw_str(sb, "architecture", id.buf);
		jw_str(sb, "config_name", runs[i].name);
		sb_reset(&id);
		sb_printf(&id, "kernel %s (%s), suite %s", rr->kernel,
			  rr->kernel_build, rr->version);
		jw_str(sb, "comment", id.buf);
		jw_time(sb, "start_time", run_start(rr));
		/* it booted and ran the suite: the build is good */
		jw_str(sb, "status", "PASS");
		jw_key(sb, "misc");
		jw_open(sb);
		jw_str(sb, "kernel_release", rr->kernel);
		jw_str(sb, "distribution", rr->distribution);
		jw_str(sb, "distribution_version", rr->distribution_version);
		jw_close(sb);
		jw_close(sb);
	}
	sb_addc(sb, ']');
	sb_free(&id);
}

static void test(struct strbuf *sb, const struct kcidb_opts *o,
		 const struct kcidb_run *run, size_t nbuild,
		 const struct runtest_map *m, size_t i)
{
	const struct test_record *t = &run->rr.tests[i];
	struct strbuf s = STRBUF_INIT;

	jw_open(sb);
	build_id(&s, o, run, nbuild);
	jw_str(sb, "build_id", s.buf);
	sb_printf(&s, "-t%zu-", i + 1);
	id_part(&s, t->tag);
	jw_str(sb, "id", s.buf);
	jw_str(sb, "origin", o->origin);
	sb_reset(&s);
	sb_adds(&s, "ltp.");
	path_part(&s, runtest_map_name(m, t->tag));
	sb_addc(&s, '.');
	path_part(&s, t->tag);
	jw_str(sb, "path", s.buf);
	jw_str(sb, "status", kcidb_status[t->rc]);
	jw_time(sb, "start_time", t->start);
	jw_secs(sb, "duration", t->duration);
	if (t->rc != RC_PASS)
		excerpt(sb, t);
	jw_key(sb, "environment");
	jw_open(sb);
	jw_str(sb, "comment", run->rr.hostname);
	jw_close(sb);
	jw_key(sb, "misc");
	jw_open(sb);
	jw_str(sb, "ltp_class", rc_name(t->rc));
	jw_str(sb, "end", t->end);
	jw_int(sb, "exit", t->exit_code);
	jw_int(sb, "iteration", t->iteration);
	jw_str(sb, "taint_new", t->taint_new);
	jw_close(sb);
	jw_close(sb);
	sb_free(&s);
}

int view_kcidb(const struct kcidb_opts *o, const struct kcidb_run *runs,
	       size_t nruns, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	struct runtest_map m;
	FILE *f;
	size_t r, i;
	int first = 1;

	f = view_open(path);
	if (!f)
		return -1;
	jw_open(&sb);
	jw_key(&sb, "version");
	jw_open(&sb);
	jw_int(&sb, "major", KCIDB_MAJOR);
	jw_int(&sb, "minor", KCIDB_MINOR);
	jw_close(&sb);
	checkout(&sb, o, runs, nruns);
	builds(&sb, o, runs, nruns);
	jw_key(&sb, "tests");
	sb_addc(&sb, '[');
	for (r = 0; r < nruns; r++) {
		runtest_map_load(&runs[r].rr, o->runtest_dir, &m);
		for (i = 0; i < runs[r].rr.n; i++) {
			if (!first)
				sb_addc(&sb, ',');
			first = 0;
			test(&sb, o, &runs[r], r + 1, &m, i);
		}
	}
	sb_addc(&sb, ']');
	jw_close(&sb);
	sb_addc(&sb, '\n');
	fwrite(sb.buf, 1, sb.len, f);
	sb_free(&sb);
	return view_close(f, path);
}
