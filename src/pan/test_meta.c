// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock_secs.h"
#include "catalog.h"
#include "json_read.h"
#include "strbuf.h"
#include "taint_flags.h"
#include "test_meta.h"

#define MAX_META	65536

struct cache_entry {
	char *program;		/* the command's first word */
	struct test_meta meta;
	struct cache_entry *next;
};

#define BUCKETS	1024
static struct cache_entry *cache[BUCKETS];

static unsigned int hash(const char *s)
{
	unsigned int h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h % BUCKETS;
}

static int word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || strchr("_.+-/,:@%", c);
}

/*
 * The first word of cmd after "NAME=value" assignments, when it is a
 * plain word (no quotes, no expansion); NULL otherwise.
 */
static char *program_word(const char *cmd)
{
	const char *s = cmd, *start, *eq;

	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		start = s;
		eq = NULL;
		while (*s && *s != ' ' && *s != '\t') {
			if (*s == '=' && !eq)
				eq = s;
			s++;
		}
		if (start == s)
			return NULL;
		if (!eq || eq == start)
			break;
		/* an assignment: the value must be a plain word too */
		for (; start < eq; start++) {
			if (!word_char(*start) || *start == '/')
				return NULL;
		}
		for (start = eq + 1; start < s; start++) {
			if (!word_char(*start) && *start != '=')
				return NULL;
		}
	}
	for (eq = start; eq < s; eq++) {
		if (!word_char(*eq))
			return NULL;
	}
	return xstrndup(start, s - start);
}

/* The program file word names, through path; NULL when none. */
static char *resolve(const char *word, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	const char *dir = path, *colon;

	if (strchr(word, '/'))
		return access(word, X_OK) ? NULL : xstrdup(word);
	while (dir && *dir) {
		colon = strchr(dir, ':');
		sb_reset(&sb);
		sb_printf(&sb, "%.*s/%s",
			  (int)(colon ? colon - dir : (long)strlen(dir)), dir,
			  word);
		if (!access(sb.buf, X_OK))
			return sb_detach(&sb);
		dir = colon ? colon + 1 : NULL;
	}
	sb_free(&sb);
	return NULL;
}

/* Run "program -M"; its stdout into out. Returns 0 when it exited 0. */
static int run_probe(const char *program, const char *path, double limit,
		     struct strbuf *out)
{
	double deadline = mono_secs() + limit;
	struct pollfd pfd;
	int fds[2], status = 0, open_ = 1;
	char buf[4096];
	ssize_t n;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC))
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (!pid) {
		int null = open("/dev/null", O_RDWR);

		setpgid(0, 0);
		signal(SIGPIPE, SIG_DFL);
		if (null < 0 || dup2(null, 0) < 0 || dup2(fds[1], 1) < 0 ||
		    dup2(null, 2) < 0)
			_exit(127);
		setenv("PATH", path, 1);
		execl(program, program, "-M", (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid);
	close(fds[1]);
	while (open_) {
		double left = deadline - mono_secs();

		if (left <= 0)
			break;
		pfd.fd = fds[0];
		pfd.events = POLLIN;
		n = poll(&pfd, 1, left * 1000 + 1);
		if (n < 0 && errno != EINTR)
			break;
		if (n <= 0)
			continue;
		n = read(fds[0], buf, sizeof(buf));
		if (n > 0 && out->len < MAX_META)
			sb_add(out, buf, n);
		else if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN))
			open_ = 0;
	}
	close(fds[0]);
	kill(-pid, SIGKILL);
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return open_ || !WIFEXITED(status) || WEXITSTATUS(status) ? -1 : 0;
}

static int get_bool(const struct json_value *o, const char *key)
{
	const struct json_value *v = json_get(o, key);

	return v && v->type == JSON_BOOL && v->boolean;
}

static void set_taint(struct test_meta *m, const char *program,
		      const char *letters)
{
	char bad;

	m->expected_taint = taint_mask(letters, &bad);
	if (bad)
		fprintf(stderr, "ltp-pan: %s: expected_taint \"%s\": '%c' is no taint letter; ignored\n",
			program, letters, bad);
}

/* Ask a program the catalog does not list: "program -M". */
static void probe(const char *program, const char *path, double limit,
		  struct test_meta *m)
{
	struct strbuf out = STRBUF_INIT;
	const struct json_value *t;
	struct json_value v;
	const char *why;
	size_t col;

	if (run_probe(program, path, limit, &out) || !out.len)
		goto done;
	if (json_parse(out.buf, out.len, &v, &why, &col)) {
		/* a library test whose metadata is cut: assume the worst */
		if (out.buf[strspn(out.buf, " \t\r\n")] == '{') {
			m->source = "unreadable";
			m->exclusive = 1;
			fprintf(stderr, "ltp-pan: %s -M gave no metadata; it runs alone\n",
				program);
		}
		goto done;
	}
	if (v.type == JSON_OBJECT) {
		m->source = "test";
		m->library = 1;
		m->exclusive = get_bool(&v, "exclusive");
		m->needs_device = get_bool(&v, "needs_device");
		m->needs_root = get_bool(&v, "needs_root");
		t = json_get(&v, "timeout");
		if (t && t->type == JSON_NUMBER)
			m->timeout = t->number;
		t = json_get(&v, "expected_taint");
		if (t && t->type == JSON_STRING)
			set_taint(m, program, t->str);
	}
	json_free(&v);
done:
	sb_free(&out);
}

/* The installed catalog, read on first use; empty without one. */
static const struct catalog *installed_catalog(void)
{
	static struct catalog cat;
	static int loaded;
	struct strbuf path = STRBUF_INIT;
	const char *root = getenv("LTPROOT");

	if (loaded)
		return &cat;
	loaded = 1;
	if (!root || !*root)
		return &cat;
	sb_printf(&path, "%s/metadata/ltp.json", root);
	/* a suite without one (a cross build) asks each program */
	if (!access(path.buf, F_OK) && catalog_load(path.buf, &cat))
		fprintf(stderr, "ltp-pan: the catalog %s is unusable: each program is asked with -M instead\n",
			path.buf);
	sb_free(&path);
	return &cat;
}

/*
 * The catalog's entry for program, when it is one of the installed tests
 * ($LTPROOT/testcases/bin/NAME): a program of that name elsewhere is not.
 */
static const struct catalog_test *catalogued(const char *program)
{
	const struct catalog *cat = installed_catalog();
	const char *root = getenv("LTPROOT"), *base = strrchr(program, '/');
	struct strbuf dir = STRBUF_INIT;
	int installed;

	if (!cat->n || !base)
		return NULL;
	sb_printf(&dir, "%s/testcases/bin", root);
	installed = (size_t)(base - program) == dir.len &&
		    !memcmp(program, dir.buf, dir.len);
	sb_free(&dir);
	return installed ? catalog_find_program(cat, base + 1) : NULL;
}

static void from_catalog(const struct catalog_test *ct, const char *program,
			 struct test_meta *m)
{
	m->source = "catalog";
	m->library = 1;
	m->exclusive = ct->exclusive;
	m->needs_device = ct->needs_device;
	m->needs_root = ct->needs_root;
	m->timeout = ct->timeout;
	if (*ct->expected_taint)
		set_taint(m, program, ct->expected_taint);
}

void test_meta_get(const char *cmd, const char *path, double probe_timeout,
		   struct test_meta *m)
{
	struct cache_entry *e;
	char *word, *program;
	unsigned int h;

	memset(m, 0, sizeof(*m));
	m->source = "none";
	word = program_word(cmd);
	if (!word)
		return;
	/* by the word: PATH is the same for the whole run */
	h = hash(word);
	for (e = cache[h]; e; e = e->next) {
		if (!strcmp(e->program, word)) {
			*m = e->meta;
			free(word);
			return;
		}
	}
	program = resolve(word, path);
	if (program && catalogued(program))
		from_catalog(catalogued(program), program, m);
	else if (program)
		probe(program, path, probe_timeout, m);
	free(program);
	e = xmalloc(sizeof(*e));
	e->program = word;
	e->meta = *m;
	e->next = cache[h];
	cache[h] = e;
}
