// SPDX-License-Identifier: GPL-2.0-or-later
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock_secs.h"
#include "rmtree.h"
#include "run_one.h"
#include "summary_scan.h"

/* SIGTERM first so a test can clean up; SIGKILL this much later. */
#define KILL_GRACE	2.0
/* A process that survives SIGKILL this long is stuck in the kernel. */
#define UNKILLABLE_WAIT	10.0
/* After the main process exited, how long a leftover may hold the pipe */
#define DRAIN_WAIT	2.0
/* Result lines kept past OUTPUT_CAP, at most this much of them */
#define LATE_KEEP_MAX	(64 * 1024)
/* A line past the cap is looked at (and kept) up to this length */
#define LATE_LINE_MAX	4096

/* The output line being read once the cap is near. */
struct late_line {
	char buf[LATE_LINE_MAX];
	size_t len;		/* of the line, as far as buf holds */
	size_t kept;		/* of buf, already in the output (before the cap) */
	size_t extra;		/* result line bytes kept past the cap */
};

static int sig_pipe[2] = { -1, -1 };
static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	int saved_errno = errno;
	char c = 0;

	if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP)
		interrupted = 1;
	/* wakes poll(); a full pipe already means "look" */
	if (write(sig_pipe[1], &c, 1) < 0)
		errno = saved_errno;
	errno = saved_errno;
}

static void make_sig_pipe(void)
{
	if (sig_pipe[0] >= 0) {
		close(sig_pipe[0]);
		close(sig_pipe[1]);
	}
	if (pipe2(sig_pipe, O_CLOEXEC | O_NONBLOCK)) {
		perror("ltp-pan: pipe");
		exit(2);
	}
}

void runner_init_worker(void)
{
	interrupted = 0;
	make_sig_pipe();
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

int runner_wake_fd(void)
{
	return sig_pipe[0];
}

/*
 * Signals whose disposition a test must not inherit: those we catch (a
 * handler would run in the vfork child, on our memory) and those ignored,
 * which stay ignored across exec: ours, and any inherited from a shell
 * that started us in the background. Found once, in runner_init().
 */
static int reset_sigs[_NSIG];
static int n_reset_sigs;

/*
 * The kernel's struct sigaction on x86_64 and most 64-bit ABIs. glibc's
 * sigaction() refuses signals 32 and 33 (its own), yet a parent such as
 * make may leave them ignored and an ignored signal survives execve: only
 * the raw system call sees and resets them.
 */
struct raw_sigaction {
	void (*handler)(int);
	unsigned long flags;
	void (*restorer)(void);
	unsigned long mask;
};

static int raw_sigaction(int sig, const struct raw_sigaction *act,
			 struct raw_sigaction *old)
{
	return syscall(SYS_rt_sigaction, sig, act, old, sizeof(old->mask));
}

static void find_reset_sigs(void)
{
	struct raw_sigaction cur;
	int sig;

	n_reset_sigs = 0;
	for (sig = 1; sig < _NSIG; sig++) {
		if (sig == SIGKILL || sig == SIGSTOP || raw_sigaction(sig, NULL, &cur))
			continue;
		if (cur.handler != SIG_DFL)
			reset_sigs[n_reset_sigs++] = sig;
	}
}

void runner_init(void)
{
	struct sigaction sa;
	sigset_t none;

	/* a parent may hand us SIGCHLD blocked (make's test driver does) */
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	make_sig_pipe();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGCHLD, &sa, NULL);
	/* a closed console or mirror must not kill the executor */
	signal(SIGPIPE, SIG_IGN);
	/* nor a file size limit: a write that fails is reported */
	signal(SIGXFSZ, SIG_IGN);
	/* orphans of a test become our children: we can reap them */
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	find_reset_sigs();
}

int runner_interrupted(void)
{
	return interrupted;
}

static double cpu_secs(const struct timeval *tv)
{
	return tv->tv_sec + tv->tv_usec / 1e6;
}

extern char **environ;

/*
 * The test's environment: ours, with its TMPDIR, PATH and maybe
 * LTP_TIMEOUT_MUL. Built before vfork: the child must not change memory
 * it shares with us.
 */
static char **test_env(const struct run_opts *o, const char *tmpdir,
		       struct strbuf *own)
{
	size_t n = 0, k = 0, i, off[3], m = 0;
	char **env;

	while (environ[n])
		n++;
	env = xmalloc((n + 4) * sizeof(*env));
	for (i = 0; i < n; i++) {
		if (!strncmp(environ[i], "TMPDIR=", 7) ||
		    !strncmp(environ[i], "PATH=", 5) ||
		    (o->timeout_mul &&
		     !strncmp(environ[i], "LTP_TIMEOUT_MUL=", 16)))
			continue;
		env[k++] = environ[i];
	}
	/* the new strings, one after the other in own, NUL ended */
	off[m++] = own->len;
	sb_printf(own, "TMPDIR=%s", tmpdir);
	sb_addc(own, '\0');
	off[m++] = own->len;
	sb_printf(own, "PATH=%s", o->path);
	sb_addc(own, '\0');
	if (o->timeout_mul) {
		off[m++] = own->len;
		sb_printf(own, "LTP_TIMEOUT_MUL=%s", o->timeout_mul);
		sb_addc(own, '\0');
	}
	for (i = 0; i < m; i++)
		env[k++] = own->buf + off[i];
	env[k] = NULL;
	return env;
}

/*
 * Start "/bin/sh -c CMD" in a process group of its own, in tmpdir, stdin
 * /dev/null, stdout and stderr into out_fd, every signal at its default
 * and none blocked. vfork: on virtual machines copying our page tables
 * (fork) or mapping and unmapping a stack for the child (posix_spawn,
 * whose munmap makes every CPU flush its TLB) costs more than the rest
 * of ltp-pan's work for a test. The child only makes system calls and
 * writes nothing of ours but spawn_err; all signals are blocked until it
 * has reset them. The group exists before vfork returns, so a kill of
 * the group never misses the test.
 */
static int spawn_test(const struct test_entry *t, const struct run_opts *o,
		      const char *tmpdir, int out_fd, pid_t *pid)
{
	char *argv[] = { "sh", "-c", t->cmd, NULL };
	static const struct raw_sigaction dfl = { .handler = SIG_DFL };
	struct strbuf own = STRBUF_INIT;
	volatile int spawn_err = 0;
	sigset_t all, none, old;
	int devnull, i, status;
	char **volatile env;	/* not kept in a register vfork clobbers */

	devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (devnull < 0)
		return errno;
	env = test_env(o, tmpdir, &own);
	sigfillset(&all);
	sigemptyset(&none);
	sigprocmask(SIG_BLOCK, &all, &old);
	*pid = vfork();
	if (!*pid) {
		for (i = 0; i < n_reset_sigs; i++)
			raw_sigaction(reset_sigs[i], &dfl, NULL);
		if (setpgid(0, 0) || dup2(devnull, 0) < 0 ||
		    dup2(out_fd, 1) < 0 || dup2(out_fd, 2) < 0 || chdir(tmpdir)) {
			spawn_err = errno;
			_exit(127);
		}
		sigprocmask(SIG_SETMASK, &none, NULL);
		execve("/bin/sh", argv, env);
		spawn_err = errno;
		_exit(127);
	}
	if (*pid < 0)
		spawn_err = errno;
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(devnull);
	free(env);
	sb_free(&own);
	if (*pid > 0 && spawn_err)
		waitpid(*pid, &status, 0);	/* it has exited */
	return spawn_err;
}

struct child {
	pid_t pid;		/* also the process group id */
	int status;
	int done;		/* main process reaped */
};

/*
 * Reap the main process and any orphan we inherited. The main process is
 * looked at without reaping first, so that its pid, which is the group
 * id, stays taken while the rest of the group is killed.
 */
static void reap(struct child *c)
{
	siginfo_t si;
	pid_t p;
	int st;

	if (!c->done) {
		memset(&si, 0, sizeof(si));
		if (!waitid(P_PID, c->pid, &si, WEXITED | WNOHANG | WNOWAIT) &&
		    si.si_pid == c->pid) {
			kill(-c->pid, SIGKILL);
			if (waitpid(c->pid, &c->status, 0) == c->pid)
				c->done = 1;
		}
	}
	while ((p = waitpid(-1, &st, WNOHANG)) > 0) {
		if (p == c->pid && !c->done) {
			kill(-c->pid, SIGKILL);
			c->status = st;
			c->done = 1;
		}
	}
}

/*
 * SIGKILL our children, and the groups they lead. Once a test's main
 * process is gone, every process of ours is a leftover of that test: a
 * library test runs its test process in a group of its own and a daemon
 * makes a session, so killing the test's group misses them, but as the
 * reaper of the test's orphans we are their parent now. Returns how many
 * were found.
 */
static int kill_children(void)
{
	pid_t self = getpid(), ppid, pgrp, pid;
	char path[64], buf[512], *p;
	struct dirent *de;
	int fd, found = 0;
	ssize_t n;
	DIR *d;

	d = opendir("/proc");
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		pid = atoi(de->d_name);
		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/stat", pid);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n <= 0)
			continue;
		buf[n] = '\0';
		/* "pid (comm) state ppid pgrp ...": comm may hold anything */
		p = strrchr(buf, ')');
		if (!p || sscanf(p + 1, " %*c %d %d", &ppid, &pgrp) != 2 ||
		    ppid != self)
			continue;
		if (pgrp == pid)
			kill(-pgrp, SIGKILL);
		kill(pid, SIGKILL);
		found++;
	}
	closedir(d);
	return found;
}

/*
 * Kill leftovers until none is left: killing one hands its own children
 * to us. A process stuck in the kernel cannot die; give up after 2 s.
 */
static void kill_leftovers(struct child *c)
{
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	int round;

	for (round = 0; round < 100; round++) {
		reap(c);
		if (!kill_children())
			return;
		nanosleep(&pause, NULL);
	}
}

/* A line carrying a result (as classify.c reads them), not plain noise. */
static int is_result_line(const char *line, size_t len)
{
	static const char *const ttype[] = { "TFAIL:", "TBROK:", "TWARN:" };
	size_t i;

	for (i = 0; i < sizeof(ttype) / sizeof(ttype[0]); i++) {
		if (memmem(line, len, ttype[i], strlen(ttype[i])))
			return 1;
	}
	return 0;
}

/*
 * A line is complete (or the output ended) past the cap: keep it if it
 * is a result line, so that a late TFAIL is still in the output and the
 * reason. The part of it before the cap is already kept.
 */
static void late_line_end(struct late_line *ll, struct test_result *r,
			  const struct run_opts *o)
{
	size_t add = ll->len - ll->kept;

	if (add && is_result_line(ll->buf, ll->len) &&
	    ll->extra + add < LATE_KEEP_MAX) {
		/* on a line of its own, not glued to a cut one */
		if (!ll->kept && r->output.len && r->output.buf[r->output.len - 1] != '\n') {
			sb_addc(&r->output, '\n');
			if (o->echo)
				o->echo("\n", 1);
		}
		sb_add(&r->output, ll->buf + ll->kept, add);
		if (o->echo)
			o->echo(ll->buf + ll->kept, add);
		r->output_dropped -= add;
		ll->extra += add;
	}
	ll->len = 0;
	ll->kept = 0;
}

/* Remember the current line, as far as LATE_LINE_MAX, to look at it. */
static void late_line_add(struct late_line *ll, const char *p, size_t n,
			  int kept)
{
	size_t room = LATE_LINE_MAX - ll->len;

	if (n > room)
		n = room;
	memcpy(ll->buf + ll->len, p, n);
	ll->len += n;
	if (kept)
		ll->kept = ll->len;
}

/*
 * Output past the cap: dropped, except the result lines in it. The line
 * running into the cap is followed from its start (its kept part).
 */
static void late_feed(struct late_line *ll, struct test_result *r,
		      const char *kept, size_t nkept, const char *past,
		      size_t npast, const struct run_opts *o)
{
	const char *nl;

	if (nkept) {
		nl = memrchr(kept, '\n', nkept);
		if (nl) {
			ll->len = ll->kept = 0;
			nkept -= nl + 1 - kept;
			kept = nl + 1;
		}
		late_line_add(ll, kept, nkept, 1);
	}
	while (npast) {
		nl = memchr(past, '\n', npast);
		if (!nl) {
			late_line_add(ll, past, npast, 0);
			return;
		}
		late_line_add(ll, past, nl + 1 - past, 0);
		late_line_end(ll, r, o);
		npast -= nl + 1 - past;
		past = nl + 1;
	}
}

static void take_output(struct test_result *r, struct summary_scan *scan,
			struct late_line *ll, const char *buf, size_t n,
			const struct run_opts *o)
{
	size_t keep = 0;

	if (r->output_bytes < OUTPUT_CAP)
		keep = n < OUTPUT_CAP - r->output_bytes ?
		       n : OUTPUT_CAP - r->output_bytes;
	sb_add(&r->output, buf, keep);
	r->output_bytes += n;
	r->output_dropped += n - keep;
	summary_feed(scan, buf, n);
	if (o->echo && keep)
		o->echo(buf, keep);
	/* only the last line before the cap matters: skip the rest cheaply */
	if (r->output_bytes + LATE_LINE_MAX >= OUTPUT_CAP)
		late_feed(ll, r, buf, keep, buf + keep, n - keep, o);
}

void runner_drain_wake(void)
{
	char buf[64];

	while (read(sig_pipe[0], buf, sizeof(buf)) > 0)
		;
}

static int make_tmpdir(const struct test_entry *t, const struct run_opts *o,
		       struct strbuf *dir, struct test_result *r)
{
	if (o->tmpdir) {
		sb_adds(dir, o->tmpdir);
		return 0;
	}
	sb_printf(dir, "%s/%.64s-XXXXXX", o->tmpbase, t->tag);
	if (mkdtemp(dir->buf))
		return 0;
	r->end = END_EXITED;
	r->exit_code = 2;
	sb_printf(&r->reason, "cannot create a TMPDIR under %s: %s",
		  o->tmpbase, strerror(errno));
	return -1;
}

/* Everything between fork and the last byte of output. */
static void supervise(struct child *c, int out_fd, const struct run_opts *o,
		      struct test_result *r, double t0)
{
	enum { RUNNING, TERM_SENT, KILL_SENT } stop = RUNNING;
	double deadline = o->timeout > 0 ? t0 + o->timeout : 1e300;
	double next = deadline, now, drain_until = 0;
	struct summary_scan scan;
	struct late_line *ll;
	struct pollfd pfd[2];
	int pipe_open = 1, timed_out = 0, wait_ms;
	char buf[65536];
	ssize_t n;

	memset(&scan, 0, sizeof(scan));
	ll = xmalloc(sizeof(*ll));
	memset(ll, 0, sizeof(*ll));
	while (!c->done || pipe_open) {
		now = clock_secs(CLOCK_MONOTONIC);
		if (!c->done) {
			if (stop == RUNNING && (now >= deadline || interrupted)) {
				timed_out = !interrupted;
				kill(-c->pid, SIGTERM);
				stop = TERM_SENT;
				next = now + KILL_GRACE;
			} else if (stop == TERM_SENT && now >= next) {
				kill(-c->pid, SIGKILL);
				stop = KILL_SENT;
				next = now + UNKILLABLE_WAIT;
			} else if (stop == KILL_SENT && now >= next) {
				r->unkillable = 1;
				break;
			}
			if (stop == RUNNING)
				next = deadline;
		} else {
			if (!drain_until) {
				kill_leftovers(c);
				now = clock_secs(CLOCK_MONOTONIC);
				drain_until = now + DRAIN_WAIT;
			}
			if (now >= drain_until)
				break;	/* an escaped process holds the pipe */
			next = drain_until;
		}

		/* at most 500 ms: robust against a lost wake-up */
		wait_ms = next - now < 0.5 ? (next - now) * 1000 + 1 : 500;
		pfd[0].fd = sig_pipe[0];
		pfd[0].events = POLLIN;
		pfd[1].fd = pipe_open ? out_fd : -1;
		pfd[1].events = POLLIN;
		if (poll(pfd, 2, wait_ms) < 0 && errno != EINTR)
			break;
		if (pfd[0].revents)
			runner_drain_wake();
		if (o->tick)
			o->tick();
		reap(c);
		if (pipe_open && pfd[1].revents) {
			n = read(out_fd, buf, sizeof(buf));
			if (n > 0)
				take_output(r, &scan, ll, buf, n, o);
			else if (n == 0 || (errno != EAGAIN && errno != EINTR))
				pipe_open = 0;
		}
	}
	if (r->output_dropped)
		late_line_end(ll, r, o);	/* a last line without '\n' */
	free(ll);
	summary_finish(&scan);
	r->counts = scan.counts;

	if (r->unkillable) {
		r->end = END_TIMED_OUT;
		r->signal = SIGKILL;
	} else if (WIFSIGNALED(c->status)) {
		r->end = END_SIGNALLED;
		r->signal = WTERMSIG(c->status);
	} else {
		r->end = END_EXITED;
		r->exit_code = WEXITSTATUS(c->status);
	}
	if (timed_out)
		r->end = END_TIMED_OUT;
	if (r->output_dropped && o->echo) {
		snprintf(buf, sizeof(buf),
			 "\nltp-pan: output capped at %d bytes, %zu more not kept\n",
			 OUTPUT_CAP, r->output_dropped);
		o->echo(buf, strlen(buf));
	}
}

int run_one(const struct test_entry *t, const struct run_opts *o,
	    struct test_result *r)
{
	struct strbuf tmpdir = STRBUF_INIT;
	struct rusage ru0, ru1;
	struct child c = { 0, 0, 0 };
	int out[2], ret = 0, err;
	double t0;

	r->timeout = o->timeout;
	r->taint_before = kh_taint();
	r->start = clock_secs(CLOCK_REALTIME);
	if (make_tmpdir(t, o, &tmpdir, r)) {
		sb_free(&tmpdir);
		return -1;
	}
	if (pipe2(out, O_CLOEXEC)) {
		r->end = END_EXITED;
		r->exit_code = 2;
		sb_printf(&r->reason, "pipe: %s", strerror(errno));
		ret = -1;
		goto out;
	}
	fcntl(out[0], F_SETFL, O_NONBLOCK);
	kh_mark(o->kmsg);
	getrusage(RUSAGE_CHILDREN, &ru0);
	fflush(stdout);
	fflush(stderr);

	t0 = clock_secs(CLOCK_MONOTONIC);
	err = spawn_test(t, o, tmpdir.buf, out[1], &c.pid);
	close(out[1]);
	if (err) {
		close(out[0]);
		r->end = END_EXITED;
		r->exit_code = 2;
		sb_printf(&r->reason, "cannot start /bin/sh -c in %s: %s",
			  tmpdir.buf, strerror(err));
		ret = -1;
		goto out;
	}

	if (o->started)
		o->started(c.pid);
	supervise(&c, out[0], o, r, t0);
	close(out[0]);
	r->duration = clock_secs(CLOCK_MONOTONIC) - t0;
	reap(&c);
	getrusage(RUSAGE_CHILDREN, &ru1);
	r->cu = cpu_secs(&ru1.ru_utime) - cpu_secs(&ru0.ru_utime);
	r->cs = cpu_secs(&ru1.ru_stime) - cpu_secs(&ru0.ru_stime);
	r->taint_after = kh_taint();
	r->kernel_log_n = kh_collect(o->kmsg, r->kernel_log,
				     o->dmesg ? &r->dmesg : NULL);
	r->dmesg_on = o->dmesg;
	if (interrupted)
		ret = 1;
out:
	/* a slot's TMPDIR is checked before its next test (scheduler.c) */
	if (o->tmpdir)
		rmtree_contents(tmpdir.buf);
	else
		rmtree(tmpdir.buf);
	sb_free(&tmpdir);
	return ret;
}
