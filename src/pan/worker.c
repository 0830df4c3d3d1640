// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "record.h"
#include "worker.h"

#define EXIT_SENT		0
#define EXIT_INTERRUPTED	3

#define FRAME_HEAD	5	/* type, 32-bit length */

static int msg_fd = -1;

static void write_all(const void *data, size_t len)
{
	const char *p = data;
	ssize_t n;

	while (len) {
		n = write(msg_fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			_exit(4);	/* ltp-pan is gone: nobody to tell */
		p += n;
		len -= n;
	}
}

static void frame(char type, const void *data, size_t len)
{
	char head[FRAME_HEAD];
	uint32_t n = len;

	head[0] = type;
	memcpy(head + 1, &n, sizeof(n));
	write_all(head, sizeof(head));
	write_all(data, len);
}

static void stream_output(const char *buf, size_t len)
{
	frame('O', buf, len);
}

static void tell_pid(pid_t pid)
{
	int32_t p = pid;

	frame('P', &p, sizeof(p));
}

/* The result frame: rc, duration, reason, output, record line. */
static void send_result(const struct test_result *r, const char *record,
			size_t record_len, int keep_output)
{
	struct strbuf sb = STRBUF_INIT;
	uint32_t rc = r->rc, rlen = r->reason.len;
	uint32_t olen = keep_output ? r->output.len : 0;

	sb_add(&sb, &rc, sizeof(rc));
	sb_add(&sb, &r->duration, sizeof(r->duration));
	sb_add(&sb, &rlen, sizeof(rlen));
	sb_add(&sb, r->reason.buf, rlen);
	sb_add(&sb, &olen, sizeof(olen));
	sb_add(&sb, r->output.buf, olen);
	sb_add(&sb, record, record_len);
	frame('R', sb.buf, sb.len);
	sb_free(&sb);
}

/* Run and judge the test; returns 1 when interrupted. */
static int run_and_judge(const struct worker_job *job, struct run_opts *o,
			 struct test_result *r, struct strbuf *line)
{
	const struct plan_item *it = job->item;
	int ret;

	memset(r, 0, sizeof(*r));
	r->expected_taint = job->expected_taint;
	ret = run_one(it->t, o, r);
	if (ret == 1)
		return 1;
	if (ret < 0) {
		/* could not even start it: the runner's problem */
		r->rc = RC_BROKEN;
		r->taint_after = r->taint_before;
	} else {
		classify(r);
	}
	r->index = it->index;
	r->iteration = it->iteration;
	r->exclusive = job->exclusive;
	r->meta = job->meta;
	record_test_line(line, it->t->tag, it->t->cmd, r);
	return 0;
}

int worker_run_here(const struct worker_job *job, struct worker_result *res)
{
	struct run_opts o = job->o;
	struct test_result r;

	memset(res, 0, sizeof(*res));
	if (run_and_judge(job, &o, &r, &res->record)) {
		test_result_free(&r);
		return 1;
	}
	res->rc = r.rc;
	res->duration = r.duration;
	res->reason = r.reason;
	r.reason = (struct strbuf)STRBUF_INIT;
	if (job->keep_output) {
		res->output = r.output;
		r.output = (struct strbuf)STRBUF_INIT;
	}
	test_result_free(&r);
	return 0;
}

static void __attribute__((noreturn))
runner(const struct worker_job *job)
{
	struct strbuf line = STRBUF_INIT;
	struct run_opts o = job->o;
	struct test_result r;

	runner_init_worker();
	kh_reopen(o.kmsg);
	if (job->stream)
		o.echo = stream_output;
	o.started = tell_pid;
	if (run_and_judge(job, &o, &r, &line))
		_exit(EXIT_INTERRUPTED);
	send_result(&r, line.buf, line.len, job->keep_output);
	_exit(EXIT_SENT);
}

int worker_start(struct worker *w, const struct worker_job *job)
{
	int fds[2];

	memset(w, 0, sizeof(*w));
	w->fd = -1;
	w->item = job->item;
	w->exclusive = job->exclusive;
	if (pipe2(fds, O_CLOEXEC)) {
		fprintf(stderr, "ltp-pan: pipe: %s\n", strerror(errno));
		return -1;
	}
	fflush(NULL);
	w->pid = fork();
	if (w->pid < 0) {
		fprintf(stderr, "ltp-pan: fork: %s\n", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (!w->pid) {
		close(fds[0]);
		msg_fd = fds[1];
		runner(job);
	}
	close(fds[1]);
	fcntl(fds[0], F_SETFL, O_NONBLOCK);
	w->fd = fds[0];
	return 0;
}

/* Handle complete pid and output frames; keep the rest. */
static void take_frames(struct worker *w,
			void (*echo)(const char *buf, size_t n))
{
	const char *data;
	size_t pos = 0;
	uint32_t len;
	int32_t pid;

	while (w->in.len - pos >= FRAME_HEAD) {
		memcpy(&len, w->in.buf + pos + 1, sizeof(len));
		data = w->in.buf + pos + FRAME_HEAD;
		if (w->in.len - pos - FRAME_HEAD < len)
			break;
		if (w->in.buf[pos] == 'P' && len == sizeof(pid)) {
			memcpy(&pid, data, sizeof(pid));
			w->test_pgid = pid;
		} else if (w->in.buf[pos] == 'O') {
			if (echo)
				echo(data, len);
		} else {
			break;
		}
		pos += FRAME_HEAD + len;
	}
	if (pos) {
		memmove(w->in.buf, w->in.buf + pos, w->in.len - pos);
		w->in.len -= pos;
	}
}

int worker_read(struct worker *w, void (*echo)(const char *buf, size_t n))
{
	char buf[65536];
	ssize_t n;

	while (w->fd >= 0) {
		n = read(w->fd, buf, sizeof(buf));
		if (n > 0) {
			sb_add(&w->in, buf, n);
			take_frames(w, echo);
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return 0;
		close(w->fd);
		w->fd = -1;
	}
	return 1;
}

static int take_u32(const char **p, const char *end, uint32_t *v)
{
	if (end - *p < (long)sizeof(*v))
		return -1;
	memcpy(v, *p, sizeof(*v));
	*p += sizeof(*v);
	return 0;
}

static int parse_result(struct worker *w, struct worker_result *res)
{
	const char *p, *end;
	uint32_t len, rc, rlen, olen;

	if (w->in.len < FRAME_HEAD || w->in.buf[0] != 'R')
		return -1;
	memcpy(&len, w->in.buf + 1, sizeof(len));
	if (w->in.len != FRAME_HEAD + (size_t)len)
		return -1;
	p = w->in.buf + FRAME_HEAD;
	end = p + len;
	if (take_u32(&p, end, &rc) || rc >= RC_COUNT ||
	    end - p < (long)sizeof(res->duration))
		return -1;
	memcpy(&res->duration, p, sizeof(res->duration));
	p += sizeof(res->duration);
	if (take_u32(&p, end, &rlen) || end - p < rlen)
		return -1;
	sb_add(&res->reason, p, rlen);
	p += rlen;
	if (take_u32(&p, end, &olen) || end - p < olen)
		return -1;
	sb_add(&res->output, p, olen);
	p += olen;
	res->rc = rc;
	sb_add(&res->record, p, end - p);
	return 0;
}

int worker_result(struct worker *w, struct worker_result *res)
{
	memset(res, 0, sizeof(*res));
	if (WIFEXITED(w->status) && WEXITSTATUS(w->status) == EXIT_INTERRUPTED)
		return 1;
	if (WIFEXITED(w->status) && WEXITSTATUS(w->status) == EXIT_SENT &&
	    !parse_result(w, res))
		return 0;
	worker_result_free(res);
	res->rc = RC_BROKEN;
	return -1;
}

void worker_result_free(struct worker_result *res)
{
	sb_free(&res->reason);
	sb_free(&res->output);
	sb_free(&res->record);
}

void worker_free(struct worker *w)
{
	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
	sb_free(&w->in);
}
