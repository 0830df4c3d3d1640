// SPDX-License-Identifier: GPL-2.0-or-later
#include <stddef.h>
#include <string.h>

#include "record_fields.h"
#include "result_class.h"

void tsv_value(struct strbuf *sb, const char *s, size_t len)
{
	size_t i;

	sb_grow(sb, len);
	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c == '\n')
			sb_adds(sb, " | ");
		else if (c < 0x20 || c == 0x7f)
			sb_addc(sb, ' ');
		else
			sb_addc(sb, c);
	}
}

static void str(struct strbuf *sb, const char *s)
{
	tsv_value(sb, s, strlen(s));
}

static void list(struct strbuf *sb, char *const *v, size_t n,
		 const char *sep)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (i)
			sb_adds(sb, sep);
		str(sb, v[i]);
	}
}

/* How a member is stored in struct test_record or struct run_records. */
enum kind {
	K_STR,		/* char * */
	K_TEXT,		/* char *, its length in the next size_t member */
	K_LONG,
	K_DOUBLE,	/* seconds */
	K_BOOL,		/* int */
	K_LIST,		/* char **, its count in the next size_t member */
	K_CLASS,	/* enum result_class */
};

struct field {
	const char *name;
	enum kind kind;
	size_t offset;
	size_t len_offset;	/* K_TEXT, K_LIST */
};

#define F(name, kind, type, member) \
	{ name, kind, offsetof(type, member), 0 }
#define FL(name, kind, type, member, len) \
	{ name, kind, offsetof(type, member), offsetof(type, len) }
#define T(name, kind, member) F(name, kind, struct test_record, member)
#define R(name, kind, member) F(name, kind, struct run_records, member)

static const struct field test_fields[] = {
	T("tag", K_STR, tag),
	T("cmd", K_STR, cmd),
	T("class", K_CLASS, rc),
	T("reason", K_STR, reason),
	T("end", K_STR, end),
	T("exit", K_LONG, exit_code),
	T("signal", K_LONG, signal),
	T("start", K_DOUBLE, start),
	T("duration", K_DOUBLE, duration),
	T("passed", K_LONG, counts[CNT_PASSED]),
	T("failed", K_LONG, counts[CNT_FAILED]),
	T("broken", K_LONG, counts[CNT_BROKEN]),
	T("skipped", K_LONG, counts[CNT_SKIPPED]),
	T("warnings", K_LONG, counts[CNT_WARNINGS]),
	FL("output", K_TEXT, struct test_record, output, output_len),
	T("output_bytes", K_LONG, output_bytes),
	T("output_dropped", K_LONG, output_dropped),
	T("taint_before", K_LONG, taint_before),
	T("taint_after", K_LONG, taint_after),
	T("taint_new", K_STR, taint_new),
	FL("kernel_log", K_LIST, struct test_record, kernel_log, kernel_log_n),
	T("cu", K_DOUBLE, cu),
	T("cs", K_DOUBLE, cs),
	T("index", K_LONG, index),
	T("iteration", K_LONG, iteration),
	T("exclusive", K_BOOL, exclusive),
	T("backstop", K_DOUBLE, backstop),
	T("metadata", K_STR, metadata),
	FL("dmesg", K_TEXT, struct test_record, dmesg, dmesg_len),
};

/* Members of the run record and the end record; the derived ones below. */
static const struct field run_fields[] = {
	R("version", K_STR, version),
	R("kernel", K_STR, kernel),
	R("kernel_build", K_STR, kernel_build),
	R("machine", K_STR, machine),
	R("hostname", K_STR, hostname),
	R("distribution", K_STR, distribution),
	R("distribution_version", K_STR, distribution_version),
	R("ram", K_STR, ram),
	R("swap", K_STR, swap),
	FL("runtest", K_LIST, struct run_records, runtest, runtest_n),
	R("planned", K_LONG, planned),
	R("workers", K_LONG, workers),
	R("iterations", K_LONG, iterations),
	R("seed", K_STR, seed),
	R("resumed", K_BOOL, resumed),
	R("not_run", K_LONG, not_run),
};

/* Derived from the whole file: see run_derived(). */
static const char *const run_derived_names[] = {
	"start", "end", "duration", "outcome", "total", "pass", "fail",
	"broken", "warning", "skipped", "bad_lines",
};

#define N_TEST	(sizeof(test_fields) / sizeof(test_fields[0]))
#define N_RUN	(sizeof(run_fields) / sizeof(run_fields[0]))
#define N_DERIVED (sizeof(run_derived_names) / sizeof(run_derived_names[0]))

static void add(struct strbuf *sb, const void *base, const struct field *f)
{
	const char *p = (const char *)base + f->offset;
	size_t n = f->len_offset ?
		*(const size_t *)((const char *)base + f->len_offset) : 0;

	switch (f->kind) {
	case K_STR:
		str(sb, *(char *const *)p);
		break;
	case K_TEXT:
		tsv_value(sb, *(char *const *)p, n);
		break;
	case K_LONG:
		sb_printf(sb, "%ld", *(const long *)p);
		break;
	case K_DOUBLE:
		sb_printf(sb, "%.6f", *(const double *)p);
		break;
	case K_BOOL:
		sb_addc(sb, *(const int *)p ? '1' : '0');
		break;
	case K_LIST:
		list(sb, *(char **const *)p, n, " | ");
		break;
	case K_CLASS:
		sb_adds(sb, rc_name(*(const enum result_class *)p));
		break;
	}
}

static int find(const struct field *fields, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!strcmp(fields[i].name, name))
			return i;
	}
	return -1;
}

int test_field_find(const char *name)
{
	return find(test_fields, N_TEST, name);
}

void test_field_add(struct strbuf *sb, const struct test_record *t, int field)
{
	add(sb, t, &test_fields[field]);
}

const char *test_field_names(void)
{
	static struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (sb.len)
		return sb.buf;
	for (i = 0; i < N_TEST; i++)
		sb_printf(&sb, "%s%s", i ? "," : "", test_fields[i].name);
	return sb.buf;
}

int run_field_find(const char *name)
{
	size_t i;
	int f = find(run_fields, N_RUN, name);

	if (f >= 0)
		return f;
	for (i = 0; i < N_DERIVED; i++) {
		if (!strcmp(run_derived_names[i], name))
			return N_RUN + i;
	}
	return -1;
}

const char *run_field_names(void)
{
	static struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (sb.len)
		return sb.buf;
	for (i = 0; i < N_RUN; i++)
		sb_printf(&sb, "%s%s", i ? "," : "", run_fields[i].name);
	for (i = 0; i < N_DERIVED; i++)
		sb_printf(&sb, ",%s", run_derived_names[i]);
	return sb.buf;
}

/* How the run ended: complete, interrupted, stopped:WHY or missing. */
static void outcome(struct strbuf *sb, const struct run_records *rr)
{
	if (!rr->have_end) {
		sb_adds(sb, "missing");
	} else if (rr->interrupted) {
		sb_adds(sb, "interrupted");
	} else if (*rr->stopped) {
		sb_adds(sb, "stopped:");
		str(sb, rr->stopped);
	} else {
		sb_adds(sb, "complete");
	}
}

static void run_derived(struct strbuf *sb, const struct run_records *rr,
			const char *name)
{
	int rc = rc_from_name(name);

	if (!strcmp(name, "start"))
		sb_printf(sb, "%.6f", run_start(rr));
	else if (!strcmp(name, "end"))
		sb_printf(sb, "%.6f", run_end(rr));
	else if (!strcmp(name, "duration"))
		sb_printf(sb, "%.6f", run_duration(rr));
	else if (!strcmp(name, "outcome"))
		outcome(sb, rr);
	else if (!strcmp(name, "total"))
		sb_printf(sb, "%zu", rr->n);
	else if (!strcmp(name, "bad_lines"))
		sb_printf(sb, "%u", rr->skipped_lines);
	else if (rc >= 0)
		sb_printf(sb, "%u", rr->total[rc]);
}

void run_field_add(struct strbuf *sb, const struct run_records *rr, int field)
{
	if ((size_t)field < N_RUN)
		add(sb, rr, &run_fields[field]);
	else
		run_derived(sb, rr, run_derived_names[field - N_RUN]);
}
