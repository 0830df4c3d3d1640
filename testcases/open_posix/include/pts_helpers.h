/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers shared by the Open POSIX style tests: clock arithmetic, bounds
 * on waiting scaled by LTP_TIMEOUT_MUL, waiting until another task has
 * blocked in a given system call, running code as an unprivileged user,
 * reaping children whose exit status is their verdict, and reporting a
 * known non-conformance of Linux (a TCONF through PTS_UNTESTED, with the
 * clause named, never a pass).
 */
#ifndef PTS_HELPERS_H
#define PTS_HELPERS_H

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "posixtest.h"

#define PTS_NSEC 1000000000LL
#define PTS_NOBODY 65534

/* LTP_TIMEOUT_MUL as a factor of at least 1 */
static inline double pts_timeout_mul(void)
{
	const char *s = getenv("LTP_TIMEOUT_MUL");
	double m = s ? atof(s) : 1;

	return m < 1 ? 1 : m;
}

static inline long long pts_ts_ns(const struct timespec *ts)
{
	return ts->tv_sec * PTS_NSEC + ts->tv_nsec;
}

static inline struct timespec pts_ns_ts(long long ns)
{
	struct timespec ts = { ns / PTS_NSEC, ns % PTS_NSEC };

	return ts;
}

static inline long long pts_now(clockid_t clk)
{
	struct timespec ts;

	if (clock_gettime(clk, &ts))
		PTS_UNRES("clock_gettime(%d): %s", (int)clk, strerror(errno));
	return pts_ts_ns(&ts);
}

/* a child that spins until it used ns of its own CPU time, then exits 0 */
static inline pid_t pts_cpu_spinner(long long ns)
{
	pid_t pid = fork();

	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		while (pts_now(CLOCK_PROCESS_CPUTIME_ID) < ns)
			;
		_exit(0);
	}
	return pid;
}

/* an absolute deadline ns from now on clk */
static inline struct timespec pts_deadline(clockid_t clk, long long ns)
{
	return pts_ns_ts(pts_now(clk) + ns);
}

/* a generous bound on waiting for an event: secs scaled by the multiplier */
static inline long long pts_bound_ns(int secs)
{
	return (long long)(secs * pts_timeout_mul() * PTS_NSEC);
}

static inline void pts_nap(void)
{
	struct timespec ts = { 0, 1000000 };

	nanosleep(&ts, NULL);
}

/*
 * Wait until task tid (a pid, or a thread of ours) sleeps inside system
 * call nr: /proc/TID/syscall names the call only for a task that is off
 * the CPU, so the task has really blocked. Bounded; TBROK when it never
 * does.
 */
static inline void pts_wait_in_syscall(pid_t tid, long nr)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	char path[64], buf[128];
	FILE *f;
	long got;

	snprintf(path, sizeof(path), "/proc/%d/syscall", (int)tid);
	for (;;) {
		f = fopen(path, "r");
		if (!f)
			PTS_UNRES("open %s: %s", path, strerror(errno));
		/*
		 * A running task reads "running", which strtol() would take
		 * for 0, SYS_read on x86_64: only a parsed number counts.
		 */
		if (!fgets(buf, sizeof(buf), f) ||
		    sscanf(buf, "%ld", &got) != 1)
			got = -2;
		fclose(f);
		if (got == nr)
			return;
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("task %d never blocked in syscall %ld", (int)tid, nr);
		pts_nap();
	}
}

/*
 * As pts_wait_in_syscall(), for a call the C library may make with
 * either of two system calls (poll or ppoll, select or pselect6).
 */
static inline void pts_wait_in_either(pid_t tid, long nr1, long nr2)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	char path[64], buf[128];
	FILE *f;
	long got;

	snprintf(path, sizeof(path), "/proc/%d/syscall", (int)tid);
	for (;;) {
		f = fopen(path, "r");
		if (!f)
			PTS_UNRES("open %s: %s", path, strerror(errno));
		if (!fgets(buf, sizeof(buf), f) ||
		    sscanf(buf, "%ld", &got) != 1)
			got = -2;
		fclose(f);
		if (got == nr1 || got == nr2)
			return;
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("task %d never blocked in syscall %ld or %ld",
				  (int)tid, nr1, nr2);
		pts_nap();
	}
}

/*
 * Wait, bounded, until *flag (set by another thread or, in shared
 * memory, another process) is nonzero; TBROK when it never is.
 */
static inline void pts_wait_flag(volatile int *flag, const char *what)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);

	while (!__atomic_load_n(flag, __ATOMIC_ACQUIRE)) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("timed out waiting for %s", what);
		pts_nap();
	}
}

/* Wait until task tid's state in /proc/TID/stat is one of states. */
static inline void pts_wait_task_state(pid_t tid, const char *states)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	char path[64], buf[512], *p;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)tid);
	for (;;) {
		f = fopen(path, "r");
		if (!f)
			PTS_UNRES("open %s: %s", path, strerror(errno));
		p = fgets(buf, sizeof(buf), f) ? strrchr(buf, ')') : NULL;
		fclose(f);
		if (p && p[1] && p[2] && strchr(states, p[2]))
			return;
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("task %d never reached state [%s]", (int)tid, states);
		pts_nap();
	}
}

/*
 * The signals pending for the whole process PID (ShdPnd of
 * /proc/PID/status, a mask with bit N-1 for signal N).
 */
static inline unsigned long long pts_shared_pending(pid_t pid)
{
	char path[64], line[256];
	unsigned long long v = ~0ULL;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	if (!f)
		PTS_UNRES("open %s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "ShdPnd: %llx", &v) == 1)
			break;
	fclose(f);
	return v;
}

/* field n (1-based, as in proc(5)) of /proc/TID/stat */
static inline long long pts_task_stat(pid_t tid, int n)
{
	char path[64], buf[1024], *p;
	long long v = 0;
	FILE *f;
	int i;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)tid);
	f = fopen(path, "r");
	if (!f)
		PTS_UNRES("open %s: %s", path, strerror(errno));
	p = fgets(buf, sizeof(buf), f) ? strrchr(buf, ')') : NULL;
	fclose(f);
	if (!p)
		PTS_UNRES("cannot parse %s", path);
	p += 2;	/* field 3 */
	for (i = 3; i < n && p; i++) {
		p = strchr(p, ' ');
		if (p)
			p++;
	}
	if (!p)
		PTS_UNRES("no field %d in %s", n, path);
	v = strtoll(p, NULL, 10);
	return v;
}

static inline pid_t pts_gettid(void)
{
	return (pid_t)syscall(SYS_gettid);
}

/*
 * Ends the test as unsupported where the caller may not use SCHED_FIFO
 * (e.g. a container without CAP_SYS_NICE); the caller stays SCHED_OTHER.
 */
static inline void pts_need_sched_fifo(void)
{
	struct sched_param sp = { .sched_priority = 1 };

	if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
		if (errno == EPERM)
			PTS_UNSUPP("SCHED_FIFO not permitted here");
		PTS_UNRES("sched_setscheduler(): %s", strerror(errno));
	}
	sp.sched_priority = 0;
	sched_setscheduler(0, SCHED_OTHER, &sp);
}

/* Drop to the unprivileged user nobody (in a child: it cannot come back). */
static inline void pts_become_nobody(void)
{
	if (setgroups(0, NULL) || setgid(PTS_NOBODY) || setuid(PTS_NOBODY))
		PTS_UNRES("cannot become uid %d: %s", PTS_NOBODY, strerror(errno));
}

/*
 * Drop to a uid no other process has (in a child: it cannot come back),
 * for checks of what a limit counts over all processes of a user (the
 * signals queued under RLIMIT_SIGPENDING: the user's ucounts), which
 * another test running as nobody beside this one, or a second instance
 * of it, would share: 2^30 plus the caller's pid, unused until now
 * (getpriority(PRIO_USER) ESRCH).
 */
#define PTS_OWN_UID_BASE 0x40000000u

static inline void pts_become_own_uid(void)
{
	uid_t uid = PTS_OWN_UID_BASE + getpid();

	errno = 0;
	if (getpriority(PRIO_USER, uid) != -1 || errno != ESRCH)
		PTS_UNRES("uid %u already has processes",
			  (unsigned int)uid);
	if (setgroups(0, NULL) || setresgid(uid, uid, uid) ||
	    setresuid(uid, uid, uid))
		PTS_UNRES("cannot become uid %u: %s", (unsigned int)uid,
			  strerror(errno));
}

/*
 * Fork a child that runs fn() and exits with its PTS code, then reap it
 * and exit with that code if it is not PTS_PASS (a child killed by a
 * signal is unresolved). Returns when the child passed.
 */
static inline void pts_reap(pid_t pid, const char *what)
{
	int status;

	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(%s): %s", what, strerror(errno));
	if (WIFSIGNALED(status))
		PTS_UNRES("%s killed by signal %d", what, WTERMSIG(status));
	if (WEXITSTATUS(status) != PTS_PASS)
		PTS_EXIT(WEXITSTATUS(status), "%s exited with PTS code %d", what,
			 WEXITSTATUS(status));
}

static inline void pts_run_child(int (*fn)(void), const char *what)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		exit(fn());
	pts_reap(pid, what);
}

static inline void pts_run_as(int (*fn)(void), int own_uid,
			      const char *what)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		if (own_uid)
			pts_become_own_uid();
		else
			pts_become_nobody();
		exit(fn());
	}
	pts_reap(pid, what);
}

/* as pts_run_child(), the child running as nobody */
static inline void pts_run_as_nobody(int (*fn)(void), const char *what)
{
	pts_run_as(fn, 0, what);
}

/* as pts_run_child(), the child under a uid of its own */
static inline void pts_run_as_own_uid(int (*fn)(void), const char *what)
{
	pts_run_as(fn, 1, what);
}

/*
 * Check a call that must fail with errno e: -1 and that errno. For the
 * pthread-style calls that return the error number, see PTS_EXPECT_ERR.
 */
#define PTS_EXPECT_ERRNO(call, e, desc) do { \
	errno = 0; \
	long pts_r_ = (long)(call); \
	if (pts_r_ != -1 || errno != (e)) \
		PTS_FAILED("%s returned %ld, errno %s; expected -1, %s", desc, \
			   pts_r_, strerrorname_np(errno) ? strerrorname_np(errno) : "0", \
			   strerrorname_np(e)); \
} while (0)

#define PTS_EXPECT_ERR(call, e, desc) do { \
	int pts_e_ = (call); \
	if (pts_e_ != (e)) \
		PTS_FAILED("%s returned %d (%s); expected %s", desc, pts_e_, \
			   pts_e_ ? strerrorname_np(pts_e_) : "0", \
			   strerrorname_np(e)); \
} while (0)

/*
 * A known non-conformance of Linux: reported as PTS_UNTESTED (TCONF by
 * run-posix-test.sh) with the clause and the reason, listed in
 * doc/open-posix.md. Never a pass.
 */
#define PTS_KNOWN_ISSUE(clause, ...) do { \
	printf("KNOWN ISSUE (%s): ", clause); \
	PTS_EXIT(PTS_UNTESTED, __VA_ARGS__); \
} while (0)

#endif /* PTS_HELPERS_H */
