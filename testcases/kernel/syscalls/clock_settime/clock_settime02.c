// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_settime(CLOCK_REALTIME) as root, in a test VM only (it moves the
 * system clock; the clock is put back from CLOCK_MONOTONIC at the end):
 * the new time reads back, with CLOCK_REALTIME_COARSE and CLOCK_TAI moved
 * along, while CLOCK_MONOTONIC and CLOCK_BOOTTIME do not jump. Setting
 * the clock past the deadline of an absolute CLOCK_REALTIME sleep or
 * timerfd ends it at once; relative sleeps, also on CLOCK_REALTIME, keep
 * their length; a TFD_TIMER_CANCEL_ON_SET timerfd reads ECANCELED.
 * Root still gets EINVAL for tv_nsec outside [0, 1e9), a negative
 * tv_sec, a time beyond the supported range, a time before the monotonic
 * clock's (which would put boot after now) and CLOCK_MONOTONIC.
 */
#include <limits.h>
#include <poll.h>
#include <sys/timerfd.h>
#include "clock_guard.h"
#include "task_wait.h"
#include "lapi/time.h"

#define HOUR_NS (3600 * NSEC_PER_SEC)

static void test_set(void)
{
	long long target = clock_guard_true_ns() + 24 * HOUR_NS;
	long long mono, boot, real, coarse, tai, mono_after, boot_after;
	long long slack = tev_scaled_ns(60000);

	mono = clock_ns(CLOCK_MONOTONIC);
	boot = clock_ns(CLOCK_BOOTTIME);
	TST_EXP_PASS(clock_guard_set_ns(target), "clock_settime(CLOCK_REALTIME, "
		     "now + 1 day)");
	if (!TST_PASS)
		return;
	coarse = clock_ns(CLOCK_REALTIME_COARSE);
	real = clock_ns(CLOCK_REALTIME);
	tai = clock_ns(CLOCK_TAI);
	mono_after = clock_ns(CLOCK_MONOTONIC);
	boot_after = clock_ns(CLOCK_BOOTTIME);
	TST_EXP_EXPR(real >= target && real - target < slack,
		     "CLOCK_REALTIME reads the time set (+%lld ns)",
		     real - target);
	TST_EXP_EXPR(coarse >= target && coarse - target < slack,
		     "CLOCK_REALTIME_COARSE moved along (+%lld ns)",
		     coarse - target);
	TST_EXP_EXPR(tai >= real && tai - real < 1000 * NSEC_PER_SEC,
		     "CLOCK_TAI moved along (offset %lld ns)", tai - real);
	TST_EXP_EXPR(mono_after - mono < slack && boot_after - boot < slack,
		     "CLOCK_MONOTONIC (+%lld ns) and CLOCK_BOOTTIME (+%lld ns) "
		     "did not jump", mono_after - mono, boot_after - boot);
	clock_guard_restore();
}

/* Wait up to 10 s (scaled) for the child; 1 when it ended. */
static int child_ended(pid_t pid, int *status)
{
	long long deadline = clock_ns(CLOCK_MONOTONIC) + tev_scaled_ns(10000);

	while (clock_ns(CLOCK_MONOTONIC) < deadline) {
		if (SAFE_WAITPID(pid, status, WNOHANG) == pid)
			return 1;
		usleep(1000);
	}
	SAFE_KILL(pid, SIGKILL);
	SAFE_WAITPID(pid, status, 0);
	return 0;
}

static void test_abs_sleeper(void)
{
	struct timespec deadline;
	pid_t pid;
	int status;

	deadline = ns_ts(clock_ns(CLOCK_REALTIME) + HOUR_NS);
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_PASS(syscall(SYS_clock_nanosleep, CLOCK_REALTIME,
				     TIMER_ABSTIME, &deadline, NULL),
			     "absolute CLOCK_REALTIME sleep of 1 h");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_clock_nanosleep);
	if (clock_guard_set_ns(clock_guard_true_ns() + 2 * HOUR_NS))
		tst_brk(TBROK | TERRNO, "clock_settime(now + 2 h)");
	if (child_ended(pid, &status))
		tst_res(TPASS, "the sleeper woke when the clock passed its "
			"deadline");
	else
		tst_res(TFAIL, "the absolute sleeper slept on after the clock "
			"passed its deadline");
	clock_guard_restore();
}

static void test_rel_sleepers(void)
{
	static const clockid_t clks[] = {CLOCK_MONOTONIC, CLOCK_REALTIME};
	/*
	 * 1 s times LTP_TIMEOUT_MUL: the clock is set while the child sleeps,
	 * after wait_task_in_syscall() saw it asleep, which a slow or loaded
	 * machine may take a good part of a second to get to.
	 */
	long long len = tev_scaled_ns(1000);
	struct timespec req = ns_ts(len);
	long long start;
	unsigned int i;
	pid_t pid;

	for (i = 0; i < ARRAY_SIZE(clks); i++) {
		pid = SAFE_FORK();
		if (!pid) {
			start = clock_ns(CLOCK_MONOTONIC);
			TST_EXP_PASS(syscall(SYS_clock_nanosleep, clks[i], 0,
					     &req, NULL), "relative %lld ms "
				     "sleep on clock %d", len / NSEC_PER_MSEC,
				     (int)clks[i]);
			TST_EXP_EXPR(clock_ns(CLOCK_MONOTONIC) - start >= len,
				     "it lasted its %lld ms although the clock "
				     "was set 2 h ahead", len / NSEC_PER_MSEC);
			exit(0);
		}
		wait_task_in_syscall(pid, __NR_clock_nanosleep);
		if (clock_guard_set_ns(clock_guard_true_ns() + 2 * HOUR_NS))
			tst_brk(TBROK | TERRNO, "clock_settime(now + 2 h)");
		reap_child(pid);
		clock_guard_restore();
	}
}

static void test_timerfds(void)
{
	struct itimerspec its = {{0, 0}, {0, 0}};
	int plain, cancel;
	struct pollfd pfd;
	uint64_t ticks;

	its.it_value = ns_ts(clock_ns(CLOCK_REALTIME) + HOUR_NS);
	plain = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK);
	cancel = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK);
	if (plain < 0 || cancel < 0)
		tst_brk(TBROK | TERRNO, "timerfd_create(CLOCK_REALTIME)");
	if (timerfd_settime(plain, TFD_TIMER_ABSTIME, &its, NULL) ||
	    timerfd_settime(cancel, TFD_TIMER_ABSTIME |
			    TFD_TIMER_CANCEL_ON_SET, &its, NULL))
		tst_brk(TBROK | TERRNO, "timerfd_settime(now + 1 h)");
	TST_EXP_FAIL(read(plain, &ticks, sizeof(ticks)), EAGAIN,
		     "read(timerfd due in 1 h)");

	if (clock_guard_set_ns(clock_guard_true_ns() + 2 * HOUR_NS))
		tst_brk(TBROK | TERRNO, "clock_settime(now + 2 h)");

	pfd.fd = plain;
	pfd.events = POLLIN;
	TST_EXP_VAL(poll(&pfd, 1, 10000 * tst_timeout_mul()), 1,
		    "poll(absolute timerfd) after the clock passed its time");
	TST_EXP_VAL(read(plain, &ticks, sizeof(ticks)), sizeof(ticks),
		    "read(absolute timerfd)");
	if (TST_PASS)
		TST_EXP_EQ_LU(ticks, 1);

	pfd.fd = cancel;
	TST_EXP_VAL(poll(&pfd, 1, 10000 * tst_timeout_mul()), 1,
		    "poll(TFD_TIMER_CANCEL_ON_SET timerfd) after the set");
	TST_EXP_FAIL(read(cancel, &ticks, sizeof(ticks)), ECANCELED,
		     "read(TFD_TIMER_CANCEL_ON_SET timerfd)");
	SAFE_CLOSE(plain);
	SAFE_CLOSE(cancel);
	clock_guard_restore();
}

static void test_errors(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec = NSEC_PER_SEC;
	TST_EXP_FAIL(syscall(SYS_clock_settime, CLOCK_REALTIME, &ts), EINVAL,
		     "clock_settime(CLOCK_REALTIME, tv_nsec = 1e9)");
	ts.tv_nsec = -1;
	TST_EXP_FAIL(syscall(SYS_clock_settime, CLOCK_REALTIME, &ts), EINVAL,
		     "clock_settime(CLOCK_REALTIME, tv_nsec = -1)");
	ts.tv_sec = -1;
	ts.tv_nsec = 0;
	TST_EXP_FAIL(syscall(SYS_clock_settime, CLOCK_REALTIME, &ts), EINVAL,
		     "clock_settime(CLOCK_REALTIME, tv_sec = -1)");
	ts.tv_sec = LLONG_MAX / NSEC_PER_SEC;
	TST_EXP_FAIL(syscall(SYS_clock_settime, CLOCK_REALTIME, &ts), EINVAL,
		     "clock_settime(CLOCK_REALTIME, year 2262)");
	ts.tv_sec = 0;
	TST_EXP_FAIL(syscall(SYS_clock_settime, CLOCK_REALTIME, &ts), EINVAL,
		     "clock_settime(CLOCK_REALTIME, 0): before the monotonic "
		     "clock");
	clock_gettime(CLOCK_MONOTONIC, &ts);
	TST_EXP_FAIL(syscall(SYS_clock_settime, CLOCK_MONOTONIC, &ts), EINVAL,
		     "clock_settime(CLOCK_MONOTONIC) as root");
	/* in case one of them was wrongly accepted */
	clock_guard_restore();
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_set();
		break;
	case 1:
		test_abs_sleeper();
		break;
	case 2:
		test_rel_sleepers();
		break;
	case 3:
		test_timerfds();
		break;
	case 4:
		test_errors();
		break;
	}
}

static void setup(void)
{
	clock_guard_save();
}

static void cleanup(void)
{
	clock_guard_cleanup();
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.exclusive = 1,
	.forks_child = 1,
};
