// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock_secs.h"
#include "progress.h"
#include "record.h"
#include "rmtree.h"
#include "scheduler.h"
#include "test_meta.h"
#include "worker.h"

/* The backstop without metadata or -t, before LTP_TIMEOUT_MUL */
#define DEFAULT_TIMEOUT	900.0
/* Above a library test's own timeout: time for it to clean up */
#define BACKSTOP_SLACK	30.0
/* How long "-M" may take */
#define PROBE_TIMEOUT	10.0

struct sched {
	struct plan *p;
	const struct sched_opts *so;
	struct sched_totals *tot;
	struct worker *w;		/* one per slot; pid 0: free */
	struct strbuf *slot_dir;	/* one reused TMPDIR per slot */
	unsigned int running;
	int exclusive_running;
	size_t next;			/* next plan item to look at */
	int round_ran;			/* -L: a test of this round started */
	double start;
};

/*
 * Count a test whose record was written. One whose record could not be
 * written is not counted as run: it is one of the tests not run (the
 * end record's not_run), and --resume runs it again.
 */
static void count(struct sched *s, enum result_class rc, int lost)
{
	if (lost)
		s->tot->lost++;
	else {
		s->tot->n[rc]++;
		s->tot->ran++;
	}
	if (record_failed() && !s->tot->stopped)
		s->tot->stopped = "records";
}

/* A test of the skip list: a record, no process. */
static void record_skip(struct sched *s, const struct plan_item *it)
{
	struct strbuf line = STRBUF_INIT;
	struct test_result r;
	int lost;

	memset(&r, 0, sizeof(r));
	r.start = wall_secs();
	r.end = END_NOT_RUN;
	r.exit_code = 32;
	r.rc = RC_SKIPPED;
	r.taint_before = r.taint_after = -1;
	sb_adds(&r.reason, it->skip_reason);
	r.index = it->index;
	r.iteration = it->iteration;
	r.meta = "none";
	record_test_line(&line, it->t->tag, it->t->cmd, &r);
	lost = record_emit(&line, 0);
	if (!lost)
		progress_end(-1, it->t->tag, it->t->cmd, r.rc, 0, r.reason.buf,
			     r.reason.len, NULL, 0);
	count(s, r.rc, lost);
	test_result_free(&r);
}

/*
 * The backstop of a test, and the LTP_TIMEOUT_MUL it gets: see
 * doc/runltp.md, "Timeouts".
 */
static double backstop(const struct sched *s, const struct plan_item *it,
		       const struct test_meta *m, char *mul, size_t mul_size,
		       int *set_mul)
{
	int lib = m->library;
	double ratio;

	*set_mul = 0;
	if (it->timeout > 0) {
		if (!lib || m->timeout <= 0)
			return it->timeout;
		ratio = it->timeout / m->timeout;
		if (ratio < 1)
			return it->timeout;
		/* the test's own timer then ends at the override */
		snprintf(mul, mul_size, "%.4f", ratio);
		*set_mul = 1;
		return it->timeout + BACKSTOP_SLACK * s->so->mul;
	}
	if (s->so->timeout > 0)
		return s->so->timeout;
	if (lib && m->timeout < 0)
		return 0;	/* unlimited by its own word */
	if (lib && m->timeout > 0)
		return (m->timeout + BACKSTOP_SLACK) * s->so->mul;
	return DEFAULT_TIMEOUT * s->so->mul;
}

/* A runner that died without a result: the test's record says so. */
static void record_lost(struct worker *w, struct strbuf *line,
			struct strbuf *reason)
{
	struct test_result r;

	memset(&r, 0, sizeof(r));
	r.start = wall_secs();
	r.end = END_EXITED;
	r.exit_code = 2;
	r.rc = RC_BROKEN;
	r.taint_before = r.taint_after = -1;
	if (WIFSIGNALED(w->status))
		sb_printf(&r.reason, "ltp-pan's runner of the test was killed by signal %d (%s)",
			  WTERMSIG(w->status), strsignal(WTERMSIG(w->status)));
	else
		sb_printf(&r.reason, "ltp-pan's runner of the test exited %d without a result",
			  WEXITSTATUS(w->status));
	r.index = w->item->index;
	r.iteration = w->item->iteration;
	r.exclusive = w->exclusive;
	record_test_line(line, w->item->t->tag, w->item->t->cmd, &r);
	sb_add(reason, r.reason.buf, r.reason.len);
	test_result_free(&r);
}

/* A test ended (ret as worker_result()): record it, show it, count it. */
static void take_result(struct sched *s, const struct plan_item *it,
			unsigned int slot, int ret, struct worker_result *res)
{
	int show_output = !s->so->quiet && s->so->workers > 1;

	if (ret == 1) {
		/* interrupted: no record, the test runs again on --resume */
		progress_abort(slot);
		return;
	}
	/* a pass or skip may wait for a grouped sync, anything else not */
	if (record_emit(&res->record, res->rc != RC_PASS &&
					 res->rc != RC_SKIPPED)) {
		/* not shown as a result: it has none that was kept */
		progress_abort(slot);
		count(s, res->rc, 1);
		return;
	}
	progress_end(slot, it->t->tag, it->t->cmd, res->rc, res->duration,
		     res->reason.buf, res->reason.len,
		     show_output ? (res->output.buf ? res->output.buf : "") :
				   NULL,
		     res->output.len);
	count(s, res->rc, 0);
}

static void finish(struct sched *s, struct worker *w)
{
	struct worker_result res;
	int ret;

	ret = worker_result(w, &res);
	if (ret < 0) {
		/* its test may still run: nobody else would stop it */
		if (w->test_pgid > 0)
			kill(-w->test_pgid, SIGKILL);
		record_lost(w, &res.record, &res.reason);
	}
	take_result(s, w->item, w->slot, ret, &res);
	worker_result_free(&res);
	if (w->exclusive)
		s->exclusive_running = 0;
	worker_free(w);
	w->pid = 0;
	s->running--;
}

static void stream_echo(const char *buf, size_t n)
{
	progress_output(buf, n);
}

/* While a test runs here: the progress line, and the records' sync. */
static void tick_here(void)
{
	progress_tick();
	record_sync_due();
}

/* One test at a time: no runner process, see worker.h. */
static void run_here(struct sched *s, struct worker_job *job)
{
	struct worker_result res;
	int ret;

	if (job->stream)
		job->o.echo = stream_echo;
	job->o.tick = tick_here;
	ret = worker_run_here(job, &res);
	take_result(s, job->item, 0, ret, &res);
	worker_result_free(&res);
}

static int free_slot(const struct sched *s)
{
	unsigned int i;

	for (i = 0; i < s->so->workers; i++) {
		if (!s->w[i].pid)
			return i;
	}
	return -1;
}

/*
 * The TMPDIR of a slot's next test: the slot's own directory, reused
 * while it is what we left (a directory of ours, mode 0700, empty), as
 * making and removing one per test costs more than many a test. A test
 * that changed it (a mount left in it, a symlink in its place, another
 * mode) gets its slot a new one. NULL: none could be had; the test then
 * gets a directory of its own from run_one().
 */
static const char *slot_tmpdir(struct sched *s, unsigned int slot)
{
	struct strbuf *d = &s->slot_dir[slot];
	struct stat st;

	if (getenv("LTP_PAN_FRESH_TMPDIR"))
		return NULL;
	if (d->len && !lstat(d->buf, &st) && S_ISDIR(st.st_mode) &&
	    st.st_uid == geteuid() && (st.st_mode & 07777) == 0700 &&
	    !rmtree_contents(d->buf))
		return d->buf;
	if (d->len) {
		rmtree(d->buf);
		sb_free(d);
	}
	sb_printf(d, "%s/ltp-slot%u-XXXXXX", s->so->run.tmpbase, slot);
	if (mkdtemp(d->buf))
		return d->buf;
	sb_free(d);
	return NULL;
}

/*
 * Start plan item it, whose metadata is m: in a runner in a free slot, or
 * here with -x 1. Returns 0 when it ran or runs, -1 when no process could
 * be made for it.
 */
static int start_test(struct sched *s, struct plan_item *it,
		      const struct test_meta *m)
{
	const struct sched_opts *so = s->so;
	struct worker_job job;
	char mul[32];
	int set_mul, slot;

	memset(&job, 0, sizeof(job));
	job.item = it;
	job.o = so->run;
	job.o.timeout = backstop(s, it, m, mul, sizeof(mul), &set_mul);
	job.o.timeout_mul = set_mul ? mul : NULL;
	job.exclusive = m->exclusive || it->t->exclusive;
	job.meta = it->t->exclusive && !m->exclusive ? "runtest" : m->source;
	job.expected_taint = m->expected_taint;
	job.stream = !so->quiet && so->workers == 1;
	job.keep_output = !so->quiet && so->workers > 1;
	/* what ran before a test that may take the machine down is on disk */
	if (job.exclusive || m->needs_device || m->expected_taint)
		record_sync();
	slot = free_slot(s);
	job.o.tmpdir = slot_tmpdir(s, slot);
	progress_begin(slot, it->t->tag, it->t->cmd, job.stream);
	s->round_ran = 1;
	if (so->workers == 1) {
		run_here(s, &job);
		return 0;
	}
	if (worker_start(&s->w[slot], &job)) {
		progress_abort(slot);
		s->w[slot].pid = 0;
		return -1;
	}
	s->w[slot].slot = slot;
	s->running++;
	s->exclusive_running = job.exclusive;
	return 0;
}

/*
 * While an exclusive test waits for the running ones to end, a free slot
 * takes the next later test that may share the machine (and has no skip
 * reason): slots do not idle behind a long test. So the exclusive tests
 * run once the shared ones are through, in their plan order. Returns 1
 * when a test was started, 0 when none could be.
 */
static int start_shared_ahead(struct sched *s)
{
	struct plan_item *it;
	struct test_meta m;
	size_t i;

	if (s->so->time_limit > 0 && mono_secs() - s->start >= s->so->time_limit)
		return 0;
	for (i = s->next + 1; i < s->p->n; i++) {
		it = &s->p->v[i];
		if (it->done || it->started_ahead || it->skip_reason ||
		    it->t->exclusive)
			continue;
		test_meta_get(it->t->cmd, s->so->run.path,
			      PROBE_TIMEOUT * s->so->mul, &m);
		if (m.exclusive)
			continue;
		it->started_ahead = 1;
		if (start_test(s, it, &m)) {
			it->started_ahead = 0;
			return 0;
		}
		return 1;
	}
	return 0;
}

/*
 * Start what may start now. Returns when the slots are full, a barrier
 * holds, or the plan is through.
 */
static void dispatch(struct sched *s)
{
	const struct sched_opts *so = s->so;
	struct test_meta m;
	struct plan_item *it;

	while (s->next < s->p->n && !s->tot->stopped && !runner_interrupted()) {
		it = &s->p->v[s->next];
		if (it->done || it->started_ahead) {
			s->next++;
			continue;
		}
		if (so->time_limit > 0 && mono_secs() - s->start >= so->time_limit) {
			s->tot->stopped = "time_limit";
			break;
		}
		if (it->skip_reason) {
			record_skip(s, it);
			s->next++;
			continue;
		}
		if (s->exclusive_running || s->running >= so->workers)
			break;
		test_meta_get(it->t->cmd, so->run.path, PROBE_TIMEOUT * so->mul,
			      &m);
		if ((m.exclusive || it->t->exclusive) && s->running) {
			/* the barrier: wait for the others, filling the slots */
			if (start_shared_ahead(s))
				continue;
			break;
		}
		s->next++;
		if (start_test(s, it, &m)) {
			s->next--;
			/* out of processes: try again when a test ends */
			if (!s->running)
				s->tot->stopped = "fork";
			break;
		}
	}
}

/* Reap runners (and any orphan handed to us, which is just reaped). */
static void reap(struct sched *s)
{
	unsigned int i;
	int status;
	pid_t pid;

	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		for (i = 0; i < s->so->workers; i++) {
			if (s->w[i].pid == pid) {
				s->w[i].status = status;
				s->w[i].reaped = 1;
			}
		}
	}
}

static void pass_interrupt(struct sched *s)
{
	unsigned int i;

	for (i = 0; i < s->so->workers; i++) {
		if (s->w[i].pid && !s->w[i].term_sent) {
			kill(s->w[i].pid, SIGTERM);
			s->w[i].term_sent = 1;
		}
	}
}

static void wait_events(struct sched *s)
{
	struct pollfd pfd[1 + 256];
	unsigned int i, n = 0;
	int timeout = progress_live() ? 500 : 1000;
	int sync_ms = record_sync_wait_ms();

	if (sync_ms >= 0 && sync_ms < timeout)
		timeout = sync_ms;
	pfd[n].fd = runner_wake_fd();
	pfd[n++].events = POLLIN;
	for (i = 0; i < s->so->workers && n < 1 + 256; i++) {
		if (s->w[i].pid && s->w[i].fd >= 0) {
			pfd[n].fd = s->w[i].fd;
			pfd[n++].events = POLLIN;
		}
	}
	if (poll(pfd, n, timeout) < 0 && errno != EINTR)
		perror("ltp-pan: poll");
	if (pfd[0].revents)
		runner_drain_wake();
	for (i = 0; i < s->so->workers; i++) {
		if (s->w[i].pid && s->w[i].fd >= 0)
			worker_read(&s->w[i], stream_echo);
	}
	reap(s);
	for (i = 0; i < s->so->workers; i++) {
		if (s->w[i].pid && s->w[i].fd < 0 && s->w[i].reaped)
			finish(s, &s->w[i]);
	}
	record_sync_due();
	progress_tick();
}

/*
 * -L: once every test of the round has ended (a round ends before the
 * next starts, so each record's plan item is its own), start the next,
 * unless the time is up. A round that started no test (all skipped)
 * would only repeat its skip records: the run ends instead.
 */
static int next_round(struct sched *s)
{
	if (mono_secs() - s->start >= s->so->time_limit) {
		s->tot->stopped = "time_limit";
		return 0;
	}
	if (!s->round_ran)
		return 0;
	plan_next_round(s->p);
	s->next = 0;
	s->round_ran = 0;
	return 1;
}

void schedule_run(struct plan *p, const struct sched_opts *so,
		  struct sched_totals *tot)
{
	struct sched s;
	size_t i;

	memset(&s, 0, sizeof(s));
	s.p = p;
	s.so = so;
	s.tot = tot;
	s.start = mono_secs();
	s.w = xmalloc(so->workers * sizeof(*s.w));
	memset(s.w, 0, so->workers * sizeof(*s.w));
	s.slot_dir = xmalloc(so->workers * sizeof(*s.slot_dir));
	memset(s.slot_dir, 0, so->workers * sizeof(*s.slot_dir));

	for (;;) {
		dispatch(&s);
		if (runner_interrupted())
			pass_interrupt(&s);
		if (so->repeat && !s.running && s.next >= p->n &&
		    !tot->stopped && !runner_interrupted() && next_round(&s))
			continue;
		if (!s.running && (s.next >= p->n || tot->stopped ||
				   runner_interrupted()))
			break;
		wait_events(&s);
	}
	tot->interrupted = runner_interrupted();
	tot->not_run = tot->lost;
	if (tot->stopped || tot->interrupted) {
		for (i = s.next; i < p->n; i++)
			tot->not_run += !p->v[i].done &&
					!p->v[i].started_ahead;
	}
	for (i = 0; i < so->workers; i++) {
		if (s.slot_dir[i].len)
			rmtree(s.slot_dir[i].buf);
		sb_free(&s.slot_dir[i]);
	}
	free(s.slot_dir);
	free(s.w);
}
