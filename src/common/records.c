// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "records.h"
#include "strbuf.h"

static const char *const count_names[CNT_COUNT] = {
	"passed", "failed", "broken", "skipped", "warnings",
};

/* A string member, "" when missing or not a string. */
static char *get_str(const struct json_value *obj, const char *key,
		     size_t *len)
{
	const struct json_value *v = json_get(obj, key);

	if (!v || v->type != JSON_STRING) {
		if (len)
			*len = 0;
		return xstrdup("");
	}
	if (len)
		*len = v->len;
	return xstrndup(v->str, v->len);
}

static double get_num(const struct json_value *obj, const char *key)
{
	const struct json_value *v = json_get(obj, key);

	return v && v->type == JSON_NUMBER ? v->number : 0;
}

static char **get_str_array(const struct json_value *obj, const char *key,
			    size_t *n)
{
	const struct json_value *v = json_get(obj, key);
	char **out;
	size_t i;

	*n = 0;
	if (!v || v->type != JSON_ARRAY || !v->n)
		return NULL;
	out = xmalloc(v->n * sizeof(*out));
	for (i = 0; i < v->n; i++) {
		if (v->items[i].type == JSON_STRING)
			out[(*n)++] = xstrndup(v->items[i].str, v->items[i].len);
	}
	return out;
}

static double get_num_or(const struct json_value *obj, const char *key,
			 double def)
{
	const struct json_value *v = json_get(obj, key);

	return v && v->type == JSON_NUMBER ? v->number : def;
}

static int get_bool(const struct json_value *obj, const char *key)
{
	const struct json_value *v = json_get(obj, key);

	return v && v->type == JSON_BOOL && v->boolean;
}

static void take_run(struct run_records *rr, const struct json_value *o)
{
	if (rr->have_run) {
		/* a resumed run: the first one describes it */
		rr->resumed |= get_bool(o, "resumed");
		return;
	}
	rr->have_run = 1;
	rr->version = get_str(o, "version", NULL);
	rr->kernel = get_str(o, "kernel", NULL);
	rr->kernel_build = get_str(o, "kernel_build", NULL);
	rr->machine = get_str(o, "machine", NULL);
	rr->hostname = get_str(o, "hostname", NULL);
	rr->start = get_num(o, "start");
	rr->runtest = get_str_array(o, "runtest", &rr->runtest_n);
	rr->planned = get_num_or(o, "planned", -1);
	rr->workers = get_num_or(o, "workers", 1);
	rr->iterations = get_num_or(o, "iterations", 1);
	rr->seed = get_str(o, "seed", NULL);
	rr->distribution = get_str(o, "distribution", NULL);
	rr->distribution_version = get_str(o, "distribution_version", NULL);
	rr->ram = get_str(o, "ram", NULL);
	rr->swap = get_str(o, "swap", NULL);
	rr->cmdline = get_str(o, "cmdline", NULL);
}

static int take_test(struct run_records *rr, const struct json_value *o,
		     const char **why)
{
	const struct json_value *counts, *cls;
	struct test_record *t;
	int rc, i;

	cls = json_get(o, "class");
	rc = cls && cls->type == JSON_STRING ? rc_from_name(cls->str) : -1;
	if (rc < 0) {
		*why = "test record without a known \"class\"";
		return -1;
	}
	if (rr->n == rr->cap) {
		rr->cap = rr->cap ? rr->cap * 2 : 256;
		rr->tests = xrealloc(rr->tests, rr->cap * sizeof(*rr->tests));
	}
	t = &rr->tests[rr->n++];
	memset(t, 0, sizeof(*t));
	t->rc = rc;
	t->tag = get_str(o, "tag", NULL);
	t->cmd = get_str(o, "cmd", NULL);
	t->start = get_num(o, "start");
	t->duration = get_num(o, "duration");
	t->end = get_str(o, "end", NULL);
	t->exit_code = get_num(o, "exit");
	t->signal = get_num(o, "signal");
	t->reason = get_str(o, "reason", NULL);
	counts = json_get(o, "counts");
	for (i = 0; i < CNT_COUNT; i++)
		t->counts[i] = counts ? get_num(counts, count_names[i]) : 0;
	t->output = get_str(o, "output", &t->output_len);
	t->output_bytes = get_num(o, "output_bytes");
	t->output_dropped = get_num(o, "output_dropped");
	t->taint_before = get_num(o, "taint_before");
	t->taint_after = get_num(o, "taint_after");
	t->kernel_log = get_str_array(o, "kernel_log", &t->kernel_log_n);
	t->cu = get_num(o, "cu");
	t->cs = get_num(o, "cs");
	t->index = get_num_or(o, "index", -1);
	t->iteration = get_num_or(o, "iteration", 1);
	t->exclusive = get_bool(o, "exclusive");
	t->backstop = get_num(o, "backstop");
	t->metadata = get_str(o, "metadata", NULL);
	t->taint_new = get_str(o, "taint_new", NULL);
	t->dmesg = get_str(o, "dmesg", &t->dmesg_len);
	t->not_run = !strcmp(t->end, "not_run");
	rr->total[rc]++;
	return 0;
}

static void take_end(struct run_records *rr, const struct json_value *o)
{
	const struct json_value *v = json_get(o, "interrupted");

	rr->have_end = 1;
	rr->end = get_num(o, "end");
	rr->interrupted = v && v->type == JSON_BOOL && v->boolean;
	free(rr->stopped);
	rr->stopped = get_str(o, "stopped", NULL);
	rr->not_run = get_num(o, "not_run");
}

/* Returns 0, or -1 with *why set. */
static int take_line(struct run_records *rr, const char *line, size_t len,
		     const char **why, size_t *col)
{
	const struct json_value *type;
	struct json_value v;
	int ret = 0;

	if (json_parse(line, len, &v, why, col)) {
		(*col)++;	/* counted from 1, like editors do */
		return -1;
	}
	*col = 0;	/* the line is JSON, its content is the problem */
	type = json_get(&v, "type");
	if (!type || type->type != JSON_STRING) {
		*why = "no \"type\" member";
		ret = -1;
	} else if (!strcmp(type->str, "run")) {
		take_run(rr, &v);
	} else if (!strcmp(type->str, "test")) {
		ret = take_test(rr, &v, why);
	} else if (!strcmp(type->str, "end")) {
		take_end(rr, &v);
	}
	/* other types: newer writers may add some; not an error */
	json_free(&v);
	return ret;
}

static int blank(const char *s, size_t len)
{
	while (len && strchr(" \t\r", *s) && *s) {
		s++;
		len--;
	}
	return !len;
}

/* Views need not ask whether a run record or end record was read. */
static void fill_defaults(struct run_records *rr)
{
	char **const str[] = {
		&rr->version, &rr->kernel, &rr->kernel_build, &rr->machine,
		&rr->hostname, &rr->seed, &rr->distribution,
		&rr->distribution_version, &rr->ram, &rr->swap, &rr->cmdline,
		&rr->stopped,
	};
	size_t i;

	for (i = 0; i < sizeof(str) / sizeof(str[0]); i++) {
		if (!*str[i])
			*str[i] = xstrdup("");
	}
	if (!rr->have_run) {
		rr->planned = -1;
		rr->workers = 1;
		rr->iterations = 1;
	}
}

int records_load(const char *path, struct run_records *rr)
{
	unsigned long lineno = 0;
	char *line = NULL;
	const char *why;
	size_t cap = 0, col;
	ssize_t len;
	FILE *f;

	memset(rr, 0, sizeof(*rr));
	f = fopen(path, "re");
	if (!f) {
		fprintf(stderr, "%s: cannot open %s: %s\n",
			program_invocation_short_name, path, strerror(errno));
		return -1;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		if (len && line[len - 1] == '\n') {
			len--;
		} else {
			/* every record ends with a newline in the same write */
			fprintf(stderr, "%s: %s:%lu: warning: ignoring truncated last record (the run was killed while writing it?)\n",
				program_invocation_short_name, path, lineno);
			rr->skipped_lines++;
			break;
		}
		if (blank(line, len))
			continue;
		if (take_line(rr, line, len, &why, &col)) {
			fprintf(stderr, "%s: %s:%lu: warning: ignoring bad record: %s",
				program_invocation_short_name, path, lineno, why);
			if (col)
				fprintf(stderr, " at byte %zu", col);
			fputc('\n', stderr);
			rr->skipped_lines++;
			rr->bad_lines++;
		}
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: cannot read %s: %s\n",
			program_invocation_short_name, path, strerror(errno));
		free(line);
		fclose(f);
		return -1;
	}
	free(line);
	fclose(f);
	fill_defaults(rr);
	return 0;
}

double run_start(const struct run_records *rr)
{
	if (rr->have_run)
		return rr->start;
	return rr->n ? rr->tests[0].start : 0;
}

double run_end(const struct run_records *rr)
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

double run_duration(const struct run_records *rr)
{
	double start = run_start(rr), end = run_end(rr);

	return end > start ? end - start : 0;
}
