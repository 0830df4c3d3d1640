/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the time and event syscall tests (clock_*, nanosleep, timer_*,
 * timerfd_*, itimers, epoll, poll, select, eventfd, inotify, fanotify):
 * nanosecond arithmetic on timespecs, a page no pointer may reach, signal
 * handlers installed with or without SA_RESTART, and checks run as nobody.
 *
 * Timing rule of these tests: a sleep or a timeout is checked against a
 * lower bound only (the kernel must not return early); an upper bound, when
 * one is needed at all, is many seconds, because an emulated and loaded
 * guest may run 50 times slower than real hardware.
 */
#ifndef TIME_EVENT_H
#define TIME_EVENT_H

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "tst_test.h"
#include "as_nobody.h"

#define NSEC_PER_SEC	1000000000LL
#define NSEC_PER_MSEC	1000000LL

/* The CPU-time clock ids of the kernel ABI (include/linux/posix-timers.h). */
#define TEV_CPUCLOCK_PROF	0
#define TEV_CPUCLOCK_VIRT	1
#define TEV_CPUCLOCK_SCHED	2
#define TEV_CPUCLOCK_PERTHREAD	4
#define TEV_CLOCKFD		3

static inline clockid_t tev_process_clock(pid_t pid, int which)
{
	return (clockid_t)((~(unsigned int)pid) << 3) | which;
}

static inline clockid_t tev_thread_clock(pid_t tid, int which)
{
	return tev_process_clock(tid, which | TEV_CPUCLOCK_PERTHREAD);
}

/* A dynamic clock (a /dev/ptp* descriptor) as a clock id. */
static inline clockid_t tev_fd_clock(int fd)
{
	return (clockid_t)((~(unsigned int)fd) << 3) | TEV_CLOCKFD;
}

static inline long long ts_ns(const struct timespec *ts)
{
	return ts->tv_sec * NSEC_PER_SEC + ts->tv_nsec;
}

static inline struct timespec ns_ts(long long ns)
{
	struct timespec ts = {
		.tv_sec = ns / NSEC_PER_SEC,
		.tv_nsec = ns % NSEC_PER_SEC,
	};

	return ts;
}

/* The clock's time in ns, read through the system call, not the vDSO. */
#define clock_ns(clk) clock_ns_(__FILE__, __LINE__, (clk))

static inline long long clock_ns_(const char *file, int line, clockid_t clk)
{
	struct timespec ts;

	if (syscall(SYS_clock_gettime, clk, &ts))
		tst_brk_(file, line, TBROK | TERRNO, "clock_gettime(%d)",
			 (int)clk);
	return ts_ns(&ts);
}

/* Milliseconds scaled by LTP_TIMEOUT_MUL: a generous limit, not a bound. */
static inline long long tev_scaled_ns(long long ms)
{
	return (long long)(ms * tst_timeout_mul()) * NSEC_PER_MSEC;
}

/*
 * A page mapped PROT_NONE: the kernel must answer EFAULT for a pointer
 * into it, and no later mapping can land there.
 */
static inline void *tev_bad_addr(void)
{
	return SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

/* Install handler for sig; flags 0 makes sleeping calls fail with EINTR. */
static inline void tev_sigaction(int sig, void (*handler)(int), int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(%s)", tst_strsig(sig));
}

static inline void tev_siginfo_action(int sig,
				      void (*handler)(int, siginfo_t *, void *))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(%s)", tst_strsig(sig));
}

/* Block (how = SIG_BLOCK) or unblock (SIG_UNBLOCK) one signal. */
static inline void tev_sigmask(int how, int sig)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, sig);
	if (sigprocmask(how, &set, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(%d, %s)", how,
			tst_strsig(sig));
}

/*
 * Run fn() in a child that dropped from root to nobody; its results count
 * through the library's shared page. Not root: TCONF, there is nobody to
 * drop to.
 */
static inline void tev_as_nobody(void (*fn)(void))
{
	run_in_nobody_child(fn, "the checks as an unprivileged user");
}

/* fanotify without CAP_SYS_ADMIN came in Linux 5.13: fn as nobody. */
static inline void tev_fanotify_as_nobody(void (*fn)(void))
{
	if (tst_kvercmp(5, 13, 0) < 0) {
		tst_res(TCONF, "unprivileged fanotify needs Linux 5.13");
		return;
	}
	tev_as_nobody(fn);
}

/*
 * POSIX timers through the system calls: the kernel's timer id is an int
 * (glibc's timer_t is a pointer-sized handle of its own, and its wrappers
 * would hide the kernel's errors behind their bookkeeping). No
 * CONFIG_POSIX_TIMERS: ENOSYS, which is TCONF.
 */
#include "lapi/signal.h"

static inline long ktimer_create(clockid_t clk, struct sigevent *sev,
				 int *id)
{
	return tst_syscall(__NR_timer_create, clk, sev, id);
}

static inline long ktimer_settime(int id, int flags,
				  const struct itimerspec *val,
				  struct itimerspec *old)
{
	return syscall(__NR_timer_settime, id, flags, val, old);
}

static inline long ktimer_gettime(int id, struct itimerspec *cur)
{
	return syscall(__NR_timer_gettime, id, cur);
}

static inline long ktimer_getoverrun(int id)
{
	return syscall(__NR_timer_getoverrun, id);
}

static inline long ktimer_delete(int id)
{
	return syscall(__NR_timer_delete, id);
}

/* A timer that sends signal sig with value val; TBROK on failure. */
static inline int ktimer_new(clockid_t clk, int notify, int sig, int val)
{
	struct sigevent sev;
	int id;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = notify;
	sev.sigev_signo = sig;
	sev.sigev_value.sival_int = val;
	if (ktimer_create(clk, &sev, &id))
		tst_brk(TBROK | TERRNO, "timer_create(%d)", (int)clk);
	return id;
}

/* Arm a timer: value and interval in ns; TBROK on failure. */
static inline void ktimer_arm(int id, int flags, long long value_ns,
			      long long interval_ns)
{
	struct itimerspec its = {
		.it_value = ns_ts(value_ns),
		.it_interval = ns_ts(interval_ns),
	};

	if (ktimer_settime(id, flags, &its, NULL))
		tst_brk(TBROK | TERRNO, "timer_settime(%d, %lld ns, %lld ns)",
			id, value_ns, interval_ns);
}

/*
 * Wait for the blocked signal sig for up to ms milliseconds (scaled):
 * 1 with its siginfo, 0 when it did not come.
 */
static inline int tev_wait_signal(int sig, long long ms, siginfo_t *info)
{
	struct timespec timeout = ns_ts(tev_scaled_ns(ms));
	sigset_t set;
	int ret;

	sigemptyset(&set);
	sigaddset(&set, sig);
	do {
		ret = sigtimedwait(&set, info, &timeout);
	} while (ret == -1 && errno == EINTR);
	if (ret == sig)
		return 1;
	if (ret == -1 && errno == EAGAIN)
		return 0;
	tst_brk(TBROK | TERRNO, "sigtimedwait(%s)", tst_strsig(sig));
}

/* Discard every pending instance of the blocked signal sig. */
static inline void tev_drain_signal(int sig)
{
	struct timespec zero = {0, 0};
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, sig);
	while (sigtimedwait(&set, NULL, &zero) == sig)
		;
}

/* 1 when the signal sig is pending for the calling thread or process. */
static inline int tev_signal_pending(int sig)
{
	sigset_t set;

	if (sigpending(&set))
		tst_brk(TBROK | TERRNO, "sigpending()");
	return sigismember(&set, sig);
}

/*
 * 1 when signal sig is pending for process pid as a whole ("ShdPnd:" of
 * /proc/pid/status): sent, but blocked by whatever mask applies.
 */
static inline int tev_proc_pending(pid_t pid, int sig)
{
	char path[64], line[256];
	unsigned long long mask = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "ShdPnd:", 7))
			sscanf(line + 7, "%llx", &mask);
	}
	fclose(f);
	return !!(mask & (1ULL << (sig - 1)));
}

/* Wait up to 10 s (scaled) until signal sig is pending for pid. */
static inline int tev_wait_proc_pending(pid_t pid, int sig)
{
	long long deadline = clock_ns(CLOCK_MONOTONIC) + tev_scaled_ns(10000);

	while (!tev_proc_pending(pid, sig)) {
		if (clock_ns(CLOCK_MONOTONIC) > deadline)
			return 0;
		usleep(1000);
	}
	return 1;
}

#endif /* TIME_EVENT_H */
