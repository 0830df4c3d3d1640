/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Moving CLOCK_REALTIME for the clock_settime() tests, always put back.
 *
 * pts_clockset_begin() takes an exclusive lock (so two such tests never
 * move the clock at once), then records CLOCK_REALTIME against
 * CLOCK_MONOTONIC; pts_clockset_shift() sets CLOCK_REALTIME to the true
 * time plus a shift; pts_clockset_restore() puts back the true time (the
 * recorded realtime plus the monotonic time passed since), and runs at
 * exit as well, so a failing test leaves the clock as it found it. The
 * tests only ever set the clock back, and keep it back no longer than
 * their assertion needs.
 */
#ifndef PTS_CLOCKSET_H
#define PTS_CLOCKSET_H

#include <sys/file.h>

#include "pts_helpers.h"

#define PTS_CLOCKSET_LOCK "/tmp/pts_clockset.lock"

static long long pts_clockset_real0, pts_clockset_mono0;
static volatile sig_atomic_t pts_clockset_moved;

static inline long long pts_clockset_true(void)
{
	return pts_clockset_real0 + pts_now(CLOCK_MONOTONIC) -
	       pts_clockset_mono0;
}

/* async-signal-safe: also called from the SIGTERM handler */
static inline int pts_clockset_put_back(void)
{
	struct timespec ts;

	if (!pts_clockset_moved)
		return 0;
	ts = pts_ns_ts(pts_clockset_true());
	if (clock_settime(CLOCK_REALTIME, &ts))
		return -1;
	pts_clockset_moved = 0;
	return 0;
}

static inline void pts_clockset_restore(void)
{
	if (pts_clockset_put_back())
		PTS_UNRES("restoring CLOCK_REALTIME: %s", strerror(errno));
}

static inline void pts_clockset_atexit(void)
{
	if (pts_clockset_put_back())
		printf("restoring CLOCK_REALTIME at exit: %s\n", strerror(errno));
}

/* the wrapper's watchdog ends a test with SIGTERM: put the clock back */
static inline void pts_clockset_term(int sig)
{
	pts_clockset_put_back();
	signal(sig, SIG_DFL);
	raise(sig);
}

static inline void pts_clockset_begin(void)
{
	struct timespec r0, m0, m1;
	int fd = open(PTS_CLOCKSET_LOCK, O_RDWR | O_CREAT, 0600);

	if (fd < 0 || flock(fd, LOCK_EX))
		PTS_UNRES("lock %s: %s", PTS_CLOCKSET_LOCK, strerror(errno));
	/* the realtime read bracketed by monotonic reads, taken at the middle */
	clock_gettime(CLOCK_MONOTONIC, &m0);
	clock_gettime(CLOCK_REALTIME, &r0);
	clock_gettime(CLOCK_MONOTONIC, &m1);
	pts_clockset_real0 = pts_ts_ns(&r0);
	pts_clockset_mono0 = (pts_ts_ns(&m0) + pts_ts_ns(&m1)) / 2;
	atexit(pts_clockset_atexit);
	signal(SIGTERM, pts_clockset_term);
}

/* for a test that reads CLOCK_REALTIME: no clock_settime() test meanwhile */
static inline void pts_clockset_hold(void)
{
	int fd = open(PTS_CLOCKSET_LOCK, O_RDWR | O_CREAT, 0600);

	if (fd < 0 || flock(fd, LOCK_SH))
		PTS_UNRES("lock %s: %s", PTS_CLOCKSET_LOCK, strerror(errno));
}

/* set CLOCK_REALTIME to the true time plus shift_ns (negative: back) */
static inline void pts_clockset_shift(long long shift_ns)
{
	struct timespec ts;

	pts_clockset_moved = 1;
	ts = pts_ns_ts(pts_clockset_true() + shift_ns);
	if (clock_settime(CLOCK_REALTIME, &ts)) {
		if (errno == EPERM)
			PTS_UNSUPP("may not set CLOCK_REALTIME here");
		PTS_UNRES("clock_settime(CLOCK_REALTIME): %s", strerror(errno));
	}
}

/*
 * A thread that runs a sleeping call, fn(arg), so the clock can be moved
 * while it sleeps: pts_clockset_sleeper_start() returns once the thread
 * sleeps in nanosleep or clock_nanosleep (the system call glibc uses for
 * either), pts_clockset_sleeper_wait() once the call has returned
 * (bounded), and gives its result (errno in sl->err).
 */
#include <pthread.h>

struct pts_clockset_sleeper {
	int (*fn)(void *arg);
	void *arg;
	pthread_t thr;
	pid_t tid;
	int started, done, ret, err;
};

static inline void *pts_clockset_sleeper_fn(void *p)
{
	struct pts_clockset_sleeper *sl = p;

	sl->tid = pts_gettid();
	__atomic_store_n(&sl->started, 1, __ATOMIC_RELEASE);
	errno = 0;
	sl->ret = sl->fn(sl->arg);
	sl->err = errno;
	__atomic_store_n(&sl->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

static inline void pts_clockset_sleeper_start(struct pts_clockset_sleeper *sl)
{
	int e = pthread_create(&sl->thr, NULL, pts_clockset_sleeper_fn, sl);

	if (e)
		PTS_UNRES("pthread_create(): %s", strerror(e));
	pts_wait_flag(&sl->started, "the sleeper thread");
	pts_wait_in_either(sl->tid, SYS_nanosleep, SYS_clock_nanosleep);
}

static inline int pts_clockset_sleeper_wait(struct pts_clockset_sleeper *sl,
					    const char *what)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);

	while (!__atomic_load_n(&sl->done, __ATOMIC_ACQUIRE)) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("%s still asleep after %lld s", what,
				   pts_bound_ns(10) / PTS_NSEC);
		pts_nap();
	}
	pthread_join(sl->thr, NULL);
	return sl->ret;
}

/*
 * sl->fn in a sleeper thread, CLOCK_REALTIME set back an hour while it
 * sleeps, the true time put back once it returned: its return value, and
 * in *dt the CLOCK_MONOTONIC time from before its start to its return.
 */
static inline int pts_clockset_sleep_back(struct pts_clockset_sleeper *sl,
					  const char *what, long long *dt)
{
	long long t0;
	int r;

	pts_clockset_begin();
	t0 = pts_now(CLOCK_MONOTONIC);
	pts_clockset_sleeper_start(sl);
	pts_clockset_shift(-3600 * PTS_NSEC);
	if (__atomic_load_n(&sl->done, __ATOMIC_ACQUIRE))
		PTS_UNRES("the sleep ended before the clock was set back");
	r = pts_clockset_sleeper_wait(sl, what);
	*dt = pts_now(CLOCK_MONOTONIC) - t0;
	pts_clockset_restore();
	return r;
}

#endif /* PTS_CLOCKSET_H */
