// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "json_write.h"
#include "record.h"

static int rec_fd = -1;
static int mirror_fd = -1;
static const char *rec_path;
static int write_failed;

static int write_all(int fd, const char *buf, size_t len)
{
	ssize_t n;

	while (len) {
		n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		buf += n;
		len -= n;
	}
	return 0;
}

/* A previous run that died mid-line must not swallow our first line. */
static void end_partial_line(int fd)
{
	struct stat st;
	char last;

	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || !st.st_size)
		return;
	if (pread(fd, &last, 1, st.st_size - 1) == 1 && last != '\n')
		write_all(fd, "\n", 1);
}

int record_open(const char *path, const char *mirror)
{
	rec_path = path;
	rec_fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (rec_fd < 0) {
		fprintf(stderr, "ltp-pan: cannot open records file %s: %s\n",
			path, strerror(errno));
		return -1;
	}
	end_partial_line(rec_fd);
	if (!mirror)
		return 0;
	mirror_fd = open(mirror, O_WRONLY | O_APPEND | O_CREAT | O_NOCTTY |
			 O_CLOEXEC, 0644);
	if (mirror_fd < 0) {
		fprintf(stderr, "ltp-pan: cannot open record mirror %s: %s\n",
			mirror, strerror(errno));
		return -1;
	}
	return 0;
}

static void emit(struct strbuf *sb)
{
	sb_addc(sb, '\n');
	if (write_all(rec_fd, sb->buf, sb->len) || fsync(rec_fd)) {
		/*
		 * fsync fails with EINVAL on some pseudo files: only a
		 * failed write is worth a word, and once.
		 */
		if (errno != EINVAL && !write_failed++)
			fprintf(stderr, "ltp-pan: cannot write %s: %s\n",
				rec_path, strerror(errno));
	}
	if (mirror_fd >= 0 && write_all(mirror_fd, sb->buf, sb->len)) {
		fprintf(stderr, "ltp-pan: record mirror failed: %s; not used any more\n",
			strerror(errno));
		close(mirror_fd);
		mirror_fd = -1;
	}
	sb_free(sb);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void record_run(const char *version, char *const *runtest, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	struct utsname u;

	if (uname(&u))
		memset(&u, 0, sizeof(u));
	jw_open(&sb);
	jw_str(&sb, "type", "run");
	jw_str(&sb, "version", version);
	jw_str(&sb, "kernel", u.release);
	jw_str(&sb, "kernel_build", u.version);
	jw_str(&sb, "machine", u.machine);
	jw_str(&sb, "hostname", u.nodename);
	jw_secs(&sb, "start", now());
	jw_str_array(&sb, "runtest", runtest, n);
	jw_close(&sb);
	emit(&sb);
}

static const char *end_name(enum test_end end)
{
	switch (end) {
	case END_EXITED:
		return "exited";
	case END_SIGNALLED:
		return "signalled";
	case END_TIMED_OUT:
		return "timed_out";
	}
	return "exited";
}

void record_test(const struct test_entry *t, const struct test_result *r)
{
	struct strbuf sb = STRBUF_INIT;

	sb_grow(&sb, r->output.len + 1024);
	jw_open(&sb);
	jw_str(&sb, "type", "test");
	jw_str(&sb, "tag", t->tag);
	jw_str(&sb, "cmd", t->cmd);
	jw_secs(&sb, "start", r->start);
	jw_secs(&sb, "duration", r->duration);
	jw_str(&sb, "end", end_name(r->end));
	jw_int(&sb, "exit", r->exit_code);
	jw_int(&sb, "signal", r->signal);
	jw_str(&sb, "class", rc_name(r->rc));
	jw_strn(&sb, "reason", r->reason.buf ? r->reason.buf : "",
		r->reason.len);
	jw_key(&sb, "counts");
	jw_open(&sb);
	jw_int(&sb, "passed", r->counts.passed);
	jw_int(&sb, "failed", r->counts.failed);
	jw_int(&sb, "broken", r->counts.broken);
	jw_int(&sb, "skipped", r->counts.skipped);
	jw_int(&sb, "warnings", r->counts.warnings);
	jw_close(&sb);
	jw_strn(&sb, "output", r->output.buf ? r->output.buf : "",
		r->output.len);
	jw_int(&sb, "output_bytes", r->output_bytes);
	jw_int(&sb, "output_dropped", r->output_dropped);
	jw_int(&sb, "taint_before", r->taint_before);
	jw_int(&sb, "taint_after", r->taint_after);
	jw_str_array(&sb, "kernel_log", r->kernel_log, r->kernel_log_n);
	jw_secs(&sb, "cu", r->cu);
	jw_secs(&sb, "cs", r->cs);
	jw_close(&sb);
	emit(&sb);
}

void record_end(int interrupted)
{
	struct strbuf sb = STRBUF_INIT;

	jw_open(&sb);
	jw_str(&sb, "type", "end");
	jw_secs(&sb, "end", now());
	jw_bool(&sb, "interrupted", interrupted);
	jw_close(&sb);
	emit(&sb);
}
