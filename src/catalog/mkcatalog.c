// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mkcatalog: build the test catalog, metadata/ltp.json, in the layout of
 * LTP's metadata file (what the kirk runner reads):
 *
 *   {"testsuite": {...}, "defaults": {"timeout": N},
 *    "tests": {"NAME": {"fname": ..., "syscalls": [...], "needs_root": "1",
 *                       ..., "tags": [["linux-git", "sha"]], "doc": [...]}}}
 *
 * What a test requires comes from the test itself: each built program (C)
 * or script (shell) is run with -M. What it asserts is the comment at the
 * top of its source. The syscalls it tests are its directory's name under
 * testcases/kernel/syscalls/ (through the aliases file, for directories
 * named after a libc wrapper), or the list on a "Syscalls:" line of that
 * comment, which replaces the default.
 *
 * kirk treats the mere presence of needs_root, needs_device, mount_device,
 * format_device, mntpoint, save_restore (and a few more) as "not
 * parallel-safe", so a flag is written as "1" when set and left out when
 * not, as upstream does. Each test sits on one line, for people reading
 * it; programs read it as JSON (src/common/catalog.c): ltp-pan takes
 * each test's metadata from the installed copy instead of running -M.
 *
 * Usage: mkcatalog -s SRCDIR -b BUILDDIR -v VERSION [-a ALIASES] SOURCE...
 * SOURCE paths are relative to SRCDIR. Writes the catalog to stdout.
 *        mkcatalog -l CATALOG
 * checks a catalog's layout and lists its tests, one a line:
 * NAME FNAME syscalls=A,B tags=NAME:VALUE,... flags=needs_root,...
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "json_read.h"
#include "json_write.h"
#include "strbuf.h"

#define DEFAULT_TIMEOUT	30
#define META_SECONDS	20	/* a test's -M must answer in this time */
#define SYSCALLS_DIR	"testcases/kernel/syscalls/"

static const char *prog = "mkcatalog";
static const char *srcdir = ".", *builddir = ".", *version = "unknown";
static struct strbuf sh_path = STRBUF_INIT;

struct alias {
	char *dir;
	char *syscalls;		/* space separated; empty: not a syscall */
	struct alias *next;
};
static struct alias *aliases;

static void die(const char *fmt, const char *arg)
{
	fprintf(stderr, "%s: ", prog);
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	exit(1);
}

static char *read_file(const char *path, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[8192];
	size_t n;
	FILE *f = fopen(path, "r");

	if (!f)
		return NULL;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sb_add(&sb, buf, n);
	fclose(f);
	if (len)
		*len = sb.len;
	return sb_detach(&sb);
}

/* ALIASES: "DIR SYSCALL..." lines; "DIR -" marks a directory of no syscall. */
static void load_aliases(const char *path)
{
	char *text = read_file(path, NULL), *line, *save = NULL;

	if (!text)
		die("cannot read the aliases file %s", path);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct alias *a;
		char *dir, *rest;

		line += strspn(line, " \t");
		if (!*line || *line == '#')
			continue;
		dir = line;
		rest = dir + strcspn(dir, " \t");
		if (!*rest)
			die("aliases: '%s' has no syscall (write '-' for none)", dir);
		*rest++ = '\0';
		rest += strspn(rest, " \t");
		a = xmalloc(sizeof(*a));
		a->dir = xstrdup(dir);
		a->syscalls = xstrdup(strcmp(rest, "-") ? rest : "");
		a->next = aliases;
		aliases = a;
	}
	free(text);
}

/* Is the file a test: C with a struct tst_test, shell sourcing the library? */
static int is_test(const char *text, int shell)
{
	if (shell)
		return strstr(text, "\n. tst_test.sh") != NULL;
	return strstr(text, "struct tst_test test") != NULL;
}

/* Append to *doc the lines of the source's leading comment, undecorated. */
static void leading_comment(const char *text, int shell, struct strbuf *doc,
			    struct strbuf *syscalls)
{
	const char *p = text, *eol;
	int in_c = 0, started = 0;

	for (; *p; p = *eol ? eol + 1 : eol) {
		const char *s;
		size_t len;

		eol = strchr(p, '\n');
		if (!eol)
			eol = p + strlen(p);
		len = eol - p;
		s = p;
		if (shell) {
			if (*s != '#') {
				if (started)
					break;
				continue;
			}
			if (!strncmp(s, "#!", 2) || strstr(s, "SPDX-License") ||
			    !strncmp(s, "# shellcheck", 12))
				continue;
			s++;
		} else if (!in_c) {
			if (!strncmp(s, "/*", 2) && !strstr(s, "SPDX-License")) {
				in_c = 1;
				s += 2;
			} else if (!strncmp(s, "//", 2) || strstr(s, "SPDX")) {
				continue;
			} else if (len && !started) {
				break;	/* code before any comment */
			} else {
				continue;
			}
		} else {
			if (strstr(s, "*/") && (size_t)(strstr(s, "*/") - s) < len) {
				break;
			}
			while (s < eol && (*s == ' ' || *s == '\t'))
				s++;
			if (s < eol && *s == '*')
				s++;
		}
		if (s < eol && *s == ' ')
			s++;
		len = eol - s;
		if (!started && !len)
			continue;
		started = 1;
		if (len > 9 && !strncmp(s, "Syscalls:", 9)) {
			sb_add(syscalls, s + 9, len - 9);
			sb_addc(syscalls, ' ');
		}
		/* one NUL-separated line each */
		sb_add(doc, s, len);
		sb_addc(doc, '\0');
	}
	/* no trailing blank lines */
	while (doc->len >= 2 && doc->buf[doc->len - 2] == '\0') {
		doc->len--;
		doc->buf[doc->len] = '\0';
	}
}

/* The default declaration: the directory under testcases/kernel/syscalls/. */
static void dir_syscalls(const char *source, struct strbuf *out)
{
	const char *d, *slash;
	struct alias *a;
	char *dir;

	d = strstr(source, SYSCALLS_DIR);
	if (!d || (d != source && d[-1] != '/'))
		return;
	d += strlen(SYSCALLS_DIR);
	slash = strchr(d, '/');
	if (!slash)
		return;
	dir = xstrndup(d, slash - d);
	for (a = aliases; a; a = a->next) {
		if (!strcmp(a->dir, dir))
			break;
	}
	sb_adds(out, a ? a->syscalls : dir);
	free(dir);
}

/* Run the test with -M; its stdout into out. 0 when it exited 0 in time. */
static int run_meta(const char *path, int shell, struct strbuf *out)
{
	int fds[2], status;
	char buf[4096];
	ssize_t n;
	pid_t pid;

	if (pipe(fds))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		dup2(fds[1], 1);
		close(fds[0]);
		close(fds[1]);
		alarm(META_SECONDS);
		if (shell) {
			setenv("PATH", sh_path.buf, 1);
			execl("/bin/sh", "sh", path, "-M", (char *)NULL);
		} else {
			execl(path, path, "-M", (char *)NULL);
		}
		fprintf(stderr, "%s: cannot run %s: %s\n", prog, path,
			strerror(errno));
		_exit(127);
	}
	close(fds[1]);
	while ((n = read(fds[0], buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		sb_add(out, buf, n);
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			return -1;
	}
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : -1;
}

static void put_str(const char *s)
{
	struct strbuf sb = STRBUF_INIT;

	jw_quote(&sb, s, strlen(s));
	fwrite(sb.buf, 1, sb.len, stdout);
	sb_free(&sb);
}

/* A -M value in the catalog's terms: true is "1", numbers stay numbers. */
static void put_value(const struct json_value *v)
{
	size_t i;

	switch (v->type) {
	case JSON_NULL:
		fputs("null", stdout);
		break;
	case JSON_BOOL:
		fputs(v->boolean ? "\"1\"" : "\"0\"", stdout);
		break;
	case JSON_NUMBER:
		printf("%.15g", v->number);
		break;
	case JSON_STRING:
		put_str(v->str);
		break;
	case JSON_ARRAY:
		putchar('[');
		for (i = 0; i < v->n; i++) {
			if (i)
				fputs(", ", stdout);
			put_value(&v->items[i]);
		}
		putchar(']');
		break;
	case JSON_OBJECT:
		putchar('{');
		for (i = 0; i < v->n; i++) {
			if (i)
				fputs(", ", stdout);
			put_str(v->keys[i]);
			fputs(": ", stdout);
			put_value(&v->items[i]);
		}
		putchar('}');
		break;
	}
}

/*
 * kirk has no "exclusive": it keeps a test out of parallel runs when its
 * metadata has one of these keys. An exclusive test with none of them
 * (sched_fair01: it runs until a CPU-time budget is used) gets
 * max_runtime, its timeout, so that "kirk -w N" runs it alone too.
 */
static void kirk_exclusive(const struct json_value *v)
{
	static const char *const kirk_serial[] = {
		"needs_root", "needs_device", "mount_device", "mntpoint",
		"resource_file", "format_device", "save_restore", "max_runtime",
	};
	const struct json_value *ex = json_get(v, "exclusive");
	const struct json_value *timeout = json_get(v, "timeout");
	size_t i;

	if (!ex || ex->type != JSON_BOOL || !ex->boolean)
		return;
	for (i = 0; i < sizeof(kirk_serial) / sizeof(kirk_serial[0]); i++) {
		const struct json_value *k = json_get(v, kirk_serial[i]);

		if (k && !(k->type == JSON_BOOL && !k->boolean))
			return;
	}
	printf(", \"max_runtime\": %.15g",
	       timeout && timeout->type == JSON_NUMBER ? timeout->number : 0);
}

/* One test; returns 1 when it was written, 0 when the file is no test. */
static int catalog_one(const char *source, int first)
{
	struct strbuf path = STRBUF_INIT, meta = STRBUF_INIT;
	struct strbuf doc = STRBUF_INIT, decl = STRBUF_INIT;
	const struct json_value *name;
	struct json_value v;
	const char *err, *base, *p;
	size_t err_pos, i, len;
	char *text, *word, *save = NULL;
	int shell, sep;

	len = strlen(source);
	shell = len > 3 && !strcmp(source + len - 3, ".sh");
	sb_printf(&path, "%s/%s", srcdir, source);
	text = read_file(path.buf, NULL);
	if (!text)
		die("cannot read %s", path.buf);
	if (!is_test(text, shell)) {
		free(text);
		sb_free(&path);
		return 0;
	}
	leading_comment(text, shell, &doc, &decl);
	free(text);
	if (!decl.len)
		dir_syscalls(source, &decl);

	if (!shell) {
		base = strrchr(source, '/');
		base = base ? base + 1 : source;
		sb_reset(&path);
		sb_printf(&path, "%s/%.*s", builddir, (int)(strlen(base) - 2),
			  base);
	}
	if (run_meta(path.buf, shell, &meta) ||
	    json_parse(meta.buf ? meta.buf : "", meta.len, &v, &err, &err_pos) ||
	    v.type != JSON_OBJECT ||
	    !(name = json_get(&v, "name")) || name->type != JSON_STRING)
		die("%s -M gave no metadata object", path.buf);

	/* A shell test is its runtest tag: df01, not df01.sh. */
	len = strlen(name->str);
	if (len > 3 && !strcmp(name->str + len - 3, ".sh"))
		name->str[len - 3] = '\0';
	fputs(first ? "\n  " : ",\n  ", stdout);
	put_str(name->str);
	fputs(": {\"fname\": ", stdout);
	put_str(source);
	fputs(", \"syscalls\": [", stdout);
	sep = 0;
	for (word = strtok_r(decl.buf ? decl.buf : (char[]){ 0 }, " \t,",
			     &save);
	     word; word = strtok_r(NULL, " \t,", &save)) {
		fputs(sep ? ", " : "", stdout);
		put_str(word);
		sep = 1;
	}
	putchar(']');
	for (i = 0; i < v.n; i++) {
		const struct json_value *item = &v.items[i];

		if (!strcmp(v.keys[i], "name"))
			continue;
		if (item->type == JSON_BOOL && !item->boolean)
			continue;
		if (item->type == JSON_ARRAY && !item->n)
			continue;
		fputs(", ", stdout);
		put_str(v.keys[i]);
		fputs(": ", stdout);
		put_value(item);
	}
	kirk_exclusive(&v);
	fputs(", \"doc\": [", stdout);
	for (p = doc.buf, i = 0; p && p < doc.buf + doc.len;
	     p += strlen(p) + 1, i++) {
		fputs(i ? ", " : "", stdout);
		put_str(p);
	}
	fputs("]}", stdout);

	json_free(&v);
	sb_free(&path);
	sb_free(&meta);
	sb_free(&doc);
	sb_free(&decl);
	return 1;
}

/* Print a list of strings as "a,b" (tags as "name:value"); -1: not one. */
static int put_strings(const struct json_value *v, const char *sep_in)
{
	size_t i, j;

	if (!v || v->type != JSON_ARRAY)
		return -1;
	for (i = 0; i < v->n; i++) {
		const struct json_value *s = &v->items[i];

		if (s->type == JSON_ARRAY) {	/* a tag: [name, value] */
			for (j = 0; j < s->n; j++) {
				if (s->items[j].type != JSON_STRING)
					return -1;
				printf("%s%s", j ? sep_in : (i ? "," : ""),
				       s->items[j].str);
			}
			continue;
		}
		if (s->type != JSON_STRING)
			return -1;
		printf("%s%s", i ? "," : "", s->str);
	}
	return 0;
}

static int is_strings(const struct json_value *v)
{
	size_t i;

	if (!v || v->type != JSON_ARRAY)
		return 0;
	for (i = 0; i < v->n; i++) {
		if (v->items[i].type != JSON_STRING)
			return 0;
	}
	return 1;
}

static int list_catalog(const char *path)
{
	const struct json_value *suite, *defaults, *tests, *t, *timeout;
	struct json_value v;
	const char *err;
	size_t len, err_pos, i, j;
	char *text = read_file(path, &len);
	int bad = 0;

	if (!text)
		die("cannot read %s", path);
	if (json_parse(text, len, &v, &err, &err_pos)) {
		fprintf(stderr, "%s: %s: byte %zu: %s\n", prog, path, err_pos,
			err);
		return 1;
	}
	suite = json_get(&v, "testsuite");
	defaults = json_get(&v, "defaults");
	tests = json_get(&v, "tests");
	timeout = defaults ? json_get(defaults, "timeout") : NULL;
	if (!suite || suite->type != JSON_OBJECT ||
	    !json_get(suite, "version") || !timeout ||
	    timeout->type != JSON_NUMBER || !tests ||
	    tests->type != JSON_OBJECT) {
		fprintf(stderr, "%s: %s: not {\"testsuite\": {..., \"version\"}, "
			"\"defaults\": {\"timeout\": N}, \"tests\": {...}}\n",
			prog, path);
		return 1;
	}
	for (i = 0; i < tests->n; i++) {
		const struct json_value *fname;
		const char *sep = "";

		t = &tests->items[i];
		fname = json_get(t, "fname");
		if (t->type != JSON_OBJECT || !fname ||
		    fname->type != JSON_STRING) {
			fprintf(stderr, "%s: %s: test %s has no fname\n", prog,
				path, tests->keys[i]);
			bad = 1;
			continue;
		}
		printf("%s %s syscalls=", tests->keys[i], fname->str);
		if (put_strings(json_get(t, "syscalls"), ":")) {
			bad = 1;
			printf("?");
		}
		printf(" tags=");
		if (json_get(t, "tags") &&
		    put_strings(json_get(t, "tags"), ":")) {
			bad = 1;
			printf("?");
		}
		printf(" flags=");
		for (j = 0; j < t->n; j++) {
			const struct json_value *f = &t->items[j];

			/* a flag is "1" when set and absent when not */
			if (f->type == JSON_BOOL) {
				bad = 1;
				printf("%s%s=bool?", sep, t->keys[j]);
			} else if (f->type == JSON_STRING && !strcmp(f->str, "1"))
				printf("%s%s", sep, t->keys[j]);
			else
				continue;
			sep = ",";
		}
		if (!is_strings(json_get(t, "doc"))) {
			bad = 1;
			printf(" doc=?");
		}
		putchar('\n');
	}
	json_free(&v);
	free(text);
	if (bad)
		fprintf(stderr, "%s: %s: some tests do not have the layout (see '?')\n",
			prog, path);
	return bad;
}

static void usage(FILE *out)
{
	fprintf(out, "usage: %s -s SRCDIR -b BUILDDIR -v VERSION [-a ALIASES] [-f LIST] SOURCE...\n"
		"       %s -l CATALOG\n"
		"LIST: a file of more SOURCEs, separated by white space\n",
		prog, prog);
}

static char **srcs;
static int nsrcs, srcs_cap;

static void add_source(const char *path)
{
	if (nsrcs == srcs_cap) {
		srcs_cap = srcs_cap ? 2 * srcs_cap : 256;
		srcs = realloc(srcs, srcs_cap * sizeof(*srcs));
		if (!srcs) {
			fprintf(stderr, "%s: out of memory\n", prog);
			exit(1);
		}
	}
	srcs[nsrcs++] = xstrdup(path);
}

/* The sources named in file list, separated by white space. */
static void load_sources(const char *list)
{
	char word[4096];
	FILE *f = fopen(list, "r");

	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", prog, list, strerror(errno));
		exit(2);
	}
	while (fscanf(f, "%4095s", word) == 1)
		add_source(word);
	if (ferror(f)) {
		fprintf(stderr, "%s: %s: read error\n", prog, list);
		exit(2);
	}
	fclose(f);
}

int main(int argc, char *argv[])
{
	const char *old_path = getenv("PATH");
	int opt, i, first = 1;

	while ((opt = getopt(argc, argv, "s:b:v:a:f:l:h")) != -1) {
		switch (opt) {
		case 'l':
			return list_catalog(optarg);
		case 's':
			srcdir = optarg;
			break;
		case 'b':
			builddir = optarg;
			break;
		case 'v':
			version = optarg;
			break;
		case 'a':
			load_aliases(optarg);
			break;
		case 'f':
			load_sources(optarg);
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	for (i = optind; i < argc; i++)
		add_source(argv[i]);
	if (!nsrcs) {
		usage(stderr);
		return 2;
	}
	signal(SIGPIPE, SIG_DFL);

	/* Shell tests source the library and their helpers through PATH. */
	sb_printf(&sh_path, "%s/testcases/lib", srcdir);
	for (i = 0; i < nsrcs; i++) {
		const char *slash = strrchr(srcs[i], '/');
		size_t len = strlen(srcs[i]);

		if (len > 3 && !strcmp(srcs[i] + len - 3, ".sh") && slash)
			sb_printf(&sh_path, ":%s/%.*s", srcdir,
				  (int)(slash - srcs[i]), srcs[i]);
	}
	sb_printf(&sh_path, ":%s", old_path ? old_path : "/usr/bin:/bin");

	printf("{\n\"testsuite\": {\"name\": \"LTP-style Linux kernel test suite\", "
	       "\"short_name\": \"LTP\", \"version\": ");
	put_str(version);
	printf("},\n\"defaults\": {\"timeout\": %d},\n\"tests\": {",
	       DEFAULT_TIMEOUT);
	for (i = 0; i < nsrcs; i++) {
		if (catalog_one(srcs[i], first))
			first = 0;
	}
	printf("\n}\n}\n");
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: cannot write the catalog\n", prog);
		return 1;
	}
	return 0;
}
