// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Deferred cancellation acts at cancellation points, and functions that
 * block are among them: clock_nanosleep(), sigwait(), waitpid(), pause()
 * and pthread_join() "shall" be cancellation points. A thread blocked in
 * each (seen asleep in the matching system call) is cancelled: it joins
 * with PTHREAD_CANCELED and its cleanup handler ran. The thread a
 * cancelled joiner waited for is unaffected and still joinable; the
 * child the cancelled waitpid() waited for is still there to reap.
 */
#include <pthread.h>

#include "pts_helpers.h"

struct blocker {
	const char *name;
	long nr;
	void *(*fn)(void *);
	volatile pid_t tid;
	int cleaned;
	pthread_t t;
};

static pid_t child;
static int p[2];
static pthread_t target;

static void cleanup(void *arg)
{
	((struct blocker *)arg)->cleaned++;
}

#define BODY(b, call) do { \
	pthread_cleanup_push(cleanup, b); \
	b->tid = pts_gettid(); \
	for (;;) \
		call; \
	pthread_cleanup_pop(0); \
} while (0)

static void *do_sleep(void *arg)
{
	struct blocker *b = arg;
	struct timespec ts = { 3600, 0 };

	BODY(b, clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL));
	return NULL;
}

static void *do_sigwait(void *arg)
{
	struct blocker *b = arg;
	sigset_t s;
	int sig;

	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	BODY(b, sigwait(&s, &sig));
	return NULL;
}

static void *do_waitpid(void *arg)
{
	struct blocker *b = arg;
	int status;

	BODY(b, waitpid(child, &status, 0));
	return NULL;
}

#ifdef SYS_pause
static void *do_pause(void *arg)
{
	struct blocker *b = arg;

	BODY(b, pause());
	return NULL;
}
#endif

static void *do_join(void *arg)
{
	struct blocker *b = arg;

	BODY(b, pthread_join(target, NULL));
	return NULL;
}

static void *target_fn(void *arg)
{
	char c;

	if (read(p[0], &c, 1) != 1)
		return NULL;
	return arg;
}

static struct blocker bl[] = {
	{ "clock_nanosleep", SYS_clock_nanosleep, do_sleep, 0, 0, 0 },
	{ "sigwait", SYS_rt_sigtimedwait, do_sigwait, 0, 0, 0 },
	{ "waitpid", SYS_wait4, do_waitpid, 0, 0, 0 },
#ifdef SYS_pause
	{ "pause", SYS_pause, do_pause, 0, 0, 0 },
#endif
	{ "pthread_join", SYS_futex, do_join, 0, 0, 0 },
};

#define N (sizeof(bl) / sizeof(bl[0]))

int main(void)
{
	long long end;
	sigset_t s;
	unsigned int i;
	int status;
	void *v;
	char c;

	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &s, NULL);
	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	child = fork();
	if (child < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!child) {
		while (read(p[0], &c, 1) < 0 && errno == EINTR)
			;
		_exit(0);
	}
	pthread_create(&target, NULL, target_fn, &c);
	for (i = 0; i < N; i++)
		pthread_create(&bl[i].t, NULL, bl[i].fn, &bl[i]);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	for (i = 0; i < N; i++) {
		while (!bl[i].tid) {
			if (pts_now(CLOCK_MONOTONIC) > end)
				PTS_UNRES("thread %s never started", bl[i].name);
			pts_nap();
		}
		pts_wait_in_syscall(bl[i].tid, bl[i].nr);
	}
	for (i = 0; i < N; i++) {
		pthread_cancel(bl[i].t);
		pthread_join(bl[i].t, &v);
		printf("%s: %s, cleanup ran %d time(s)\n", bl[i].name,
		       v == PTHREAD_CANCELED ? "cancelled" : "NOT cancelled",
		       bl[i].cleaned);
		if (v != PTHREAD_CANCELED || bl[i].cleaned != 1)
			PTS_FAILED("a thread blocked in %s() was not cancelled there",
				   bl[i].name);
	}
	if (kill(child, SIGKILL))
		PTS_UNRES("kill(child): %s", strerror(errno));
	if (waitpid(child, &status, 0) != child)
		PTS_FAILED("the child was gone before its reaping: %s",
			   strerror(errno));
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL)
		PTS_UNRES("child status 0x%x, expected killed by SIGKILL", status);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	if (pthread_join(target, &v) || v != &c)
		PTS_FAILED("the thread a cancelled joiner waited for was not joinable");
	PTS_PASSED("cancelled in clock_nanosleep, sigwait, waitpid, pause, pthread_join");
}
