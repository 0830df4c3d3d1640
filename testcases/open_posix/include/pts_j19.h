/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the thread attribute and synchronisation-object tests of
 * posixj19: an anonymous MAP_SHARED area for objects used across fork(),
 * a live thread's stack as glibc reports it (pthread_getattr_np()) and
 * the /proc/self/maps mapping that holds an address, so a test checks
 * what the kernel mapped rather than what the attribute says; a thread
 * that parks on a pipe until released and reports its TID.
 */
#ifndef PTS_J19_H
#define PTS_J19_H

#include <pthread.h>
#include <sys/mman.h>

#include "pts_helpers.h"

/* an anonymous MAP_SHARED area of len bytes (zeroed), shared with children */
static inline void *pts_j19_shared(size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		PTS_UNRES("mmap(MAP_SHARED): %s", strerror(errno));
	return p;
}

/* [*lo, *hi) of the /proc/self/maps line holding addr; 0 when none does */
static inline int pts_j19_mapping(const void *addr, unsigned long *lo,
				  unsigned long *hi)
{
	unsigned long a = (unsigned long)addr;
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		PTS_UNRES("open /proc/self/maps: %s", strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx", lo, hi) == 2 &&
		    a >= *lo && a < *hi) {
			fclose(f);
			return 1;
		}
	}
	fclose(f);
	return 0;
}

/* the stack of live thread t (pthread_getattr_np()) */
static inline void pts_j19_stack_of(pthread_t t, void **addr, size_t *size)
{
	pthread_attr_t a;
	int e = pthread_getattr_np(t, &a);

	if (e)
		PTS_UNRES("pthread_getattr_np(): %s", strerror(e));
	e = pthread_attr_getstack(&a, addr, size);
	pthread_attr_destroy(&a);
	if (e)
		PTS_UNRES("pthread_attr_getstack(): %s", strerror(e));
}

/*
 * A thread parked in read() on a pipe until pts_j19_release(): it
 * publishes its TID and the address of a local (on its stack) first.
 */
struct pts_j19_park {
	pthread_t t;
	int pipe[2];
	volatile int tid;
	void *local;
};

static inline void *pts_j19_park_fn_(void *arg)
{
	struct pts_j19_park *p = arg;
	char c = 0;

	p->local = &c;
	__atomic_store_n(&p->tid, (int)pts_gettid(), __ATOMIC_RELEASE);
	if (read(p->pipe[0], &c, 1) != 1)
		return NULL;
	return arg;
}

/* create a parked thread with attr a (NULL: default); 0 or the error */
static inline int pts_j19_park(struct pts_j19_park *p, pthread_attr_t *a)
{
	int e;

	p->tid = 0;
	if (pipe(p->pipe))
		PTS_UNRES("pipe(): %s", strerror(errno));
	e = pthread_create(&p->t, a, pts_j19_park_fn_, p);
	if (e) {
		close(p->pipe[0]);
		close(p->pipe[1]);
		return e;
	}
	pts_wait_flag(&p->tid, "the parked thread to start");
	pts_wait_in_syscall(p->tid, SYS_read);
	return 0;
}

/* let it return (joined when join is set: it must return p) */
static inline void pts_j19_release(struct pts_j19_park *p, int join)
{
	void *r;

	if (write(p->pipe[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	if (join) {
		if (pthread_join(p->t, &r) || r != p)
			PTS_UNRES("join of the parked thread failed");
	}
}

static inline void pts_j19_park_close(struct pts_j19_park *p)
{
	close(p->pipe[0]);
	close(p->pipe[1]);
}

/* the kernel's policy and priority of task tid */
static inline void pts_j19_sched_of(pid_t tid, int *pol, int *prio)
{
	struct sched_param sp;

	*pol = sched_getscheduler(tid);
	if (*pol < 0 || sched_getparam(tid, &sp))
		PTS_UNRES("sched_get*(%d): %s", (int)tid, strerror(errno));
	*prio = sp.sched_priority;
}

/* the calling thread to pol/prio; TCONF where that is not permitted */
static inline void pts_j19_self_sched(int pol, int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	int e = pthread_setschedparam(pthread_self(), pol, &sp);

	if (e == EPERM)
		PTS_UNSUPP("policy %d priority %d not permitted here", pol, prio);
	if (e)
		PTS_UNRES("pthread_setschedparam(%d, %d): %s", pol, prio,
			  strerror(e));
}

/*
 * The futex operation (second argument, FUTEX_* with its flags) of the
 * futex() call task tid is asleep in, once it sleeps there.
 */
static inline long pts_j19_futex_op(pid_t tid)
{
	char path[64], buf[256];
	unsigned long addr, op;
	long nr;
	FILE *f;

	pts_wait_in_syscall(tid, SYS_futex);
	snprintf(path, sizeof(path), "/proc/%d/syscall", (int)tid);
	f = fopen(path, "r");
	if (!f)
		PTS_UNRES("open %s: %s", path, strerror(errno));
	if (!fgets(buf, sizeof(buf), f) ||
	    sscanf(buf, "%ld %lx %lx", &nr, &addr, &op) != 3 || nr != SYS_futex)
		PTS_UNRES("task %d left futex() before its arguments were read",
			  (int)tid);
	fclose(f);
	return (long)op;
}

#define PTS_J19_FUTEX_PRIVATE 128	/* FUTEX_PRIVATE_FLAG */
#define PTS_J19_FUTEX_CLOCK_RT 256	/* FUTEX_CLOCK_REALTIME */
#define PTS_J19_FUTEX_CMD(op) ((op) & 127)

/* wait, bounded, until *count (bumped by a handler or a thread) >= n */
static inline void pts_j19_wait_count(volatile int *count, int n,
				      const char *what)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);

	while (__atomic_load_n(count, __ATOMIC_ACQUIRE) < n) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("timed out waiting for %s (%d of %d)", what,
				  *count, n);
		pts_nap();
	}
}

/* reap any child, bounded: its pid and status; the test fails when none ends */
static inline pid_t pts_j19_wait_any(int *status, const char *what)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	pid_t r;

	while (!(r = waitpid(-1, status, WNOHANG))) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("%s never happened", what);
		pts_nap();
	}
	if (r < 0)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	return r;
}

/*
 * Children to SIGKILL when the test exits early (a failure or an
 * unresolved set-up), so none is left asleep or spinning in the guest;
 * only the process that registered them does it. Reaped ones are
 * harmless: killing them again fails with ESRCH until the pid is
 * reused, and the test reaps them only right before it exits.
 */
static pid_t pts_j19_kids_[8];
static pid_t pts_j19_kids_owner_;

static void pts_j19_kill_kids_(void)
{
	unsigned int i;

	if (getpid() != pts_j19_kids_owner_)
		return;
	for (i = 0; i < 8; i++)
		if (pts_j19_kids_[i] > 0)
			kill(pts_j19_kids_[i], SIGKILL);
}

static inline void pts_j19_kill_at_exit(pid_t pid)
{
	unsigned int i;

	if (pid <= 0)
		return;
	if (!pts_j19_kids_owner_) {
		pts_j19_kids_owner_ = getpid();
		atexit(pts_j19_kill_kids_);
	}
	for (i = 0; i < 8; i++) {
		if (!pts_j19_kids_[i]) {
			pts_j19_kids_[i] = pid;
			return;
		}
	}
}

#endif /* PTS_J19_H */
