// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "json_read.h"
#include "strbuf.h"
#include "taint_flags.h"
#include "test_meta.h"

/* In every C test: the format print_metadata() uses. */
static const char c_marker[] = "\"exclusive\":%s";
/* In every shell test: it sources the shell library. */
static const char sh_marker[] = "tst_test.sh";
/* Larger files are no test of ours: not read. */
#define MAX_SCAN	(64L * 1024 * 1024)
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

/* 1 when the file is a test of our libraries. */
static int is_library_test(const char *file)
{
	struct stat st;
	void *map;
	int fd, found = 0;

	fd = open(file, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || !st.st_size ||
	    st.st_size > MAX_SCAN) {
		close(fd);
		return 0;
	}
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return 0;
	if (st.st_size > 2 && !memcmp(map, "#!", 2))
		found = !!memmem(map, st.st_size, sh_marker,
				 sizeof(sh_marker) - 1);
	else
		found = !!memmem(map, st.st_size, c_marker,
				 sizeof(c_marker) - 1);
	munmap(map, st.st_size);
	return found;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Run "program -M"; its stdout into out. Returns 0 when it exited 0. */
static int run_probe(const char *program, const char *path, double limit,
		     struct strbuf *out)
{
	double deadline = now() + limit;
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
		double left = deadline - now();

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

static void probe(const char *program, const char *path, double limit,
		  struct test_meta *m)
{
	struct strbuf out = STRBUF_INIT;
	const struct json_value *t;
	struct json_value v;
	const char *why;
	size_t col;

	/* unreadable metadata: assume the worst, run it alone */
	m->source = "unreadable";
	m->exclusive = 1;
	m->timeout = 0;
	if (!run_probe(program, path, limit, &out) && out.len &&
	    !json_parse(out.buf, out.len, &v, &why, &col)) {
		if (v.type == JSON_OBJECT) {
			m->source = "test";
			m->exclusive = get_bool(&v, "exclusive");
			m->needs_device = get_bool(&v, "needs_device");
			m->needs_root = get_bool(&v, "needs_root");
			t = json_get(&v, "timeout");
			if (t && t->type == JSON_NUMBER)
				m->timeout = t->number;
			t = json_get(&v, "expected_taint");
			if (t && t->type == JSON_STRING) {
				char bad;

				m->expected_taint = taint_mask(t->str, &bad);
				if (bad)
					fprintf(stderr, "ltp-pan: %s -M: expected_taint \"%s\": '%c' is no taint letter; ignored\n",
						program, t->str, bad);
			}
		}
		json_free(&v);
	}
	if (!strcmp(m->source, "unreadable"))
		fprintf(stderr, "ltp-pan: %s -M gave no metadata; it runs alone\n",
			program);
	sb_free(&out);
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
	if (program && is_library_test(program))
		probe(program, path, probe_timeout, m);
	free(program);
	e = xmalloc(sizeof(*e));
	e->program = word;
	e->meta = *m;
	e->next = cache[h];
	cache[h] = e;
}
