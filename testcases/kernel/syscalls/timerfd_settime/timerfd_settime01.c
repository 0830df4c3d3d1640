// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timerfd_settime() arms a timerfd and read() returns the number of
 * expiries since the last read as a u64: 1 for a one-shot, not before its
 * time; for a periodic timer the count of intervals that passed, bounded
 * below and above by the time measured around it; then the count starts
 * over (EAGAIN with O_NONBLOCK). TFD_TIMER_ABSTIME expires when the clock
 * reaches the time given; a past time expires at once, and with an
 * interval counts every period since. old_value reports the replaced
 * setting. Re-arming discards expiries not yet read; a zero it_value
 * disarms. read() with fewer than 8 bytes is EINVAL, into an unmapped
 * buffer EFAULT; a blocked read is interrupted by a handler (EINTR) but
 * restarted under SA_RESTART.
 */
#include <poll.h>
#include <sys/timerfd.h>
#include "time_event.h"
#include "task_wait.h"

#define MS NSEC_PER_MSEC

static int fd = -1;
static void *bad_addr;
/* 5 ms, or the hrtimer resolution if coarser: shorter periods round up */
static long long period;

static void arm(int flags, long long value, long long interval)
{
	struct itimerspec its = {
		.it_interval = ns_ts(interval),
		.it_value = ns_ts(value),
	};

	if (timerfd_settime(fd, flags, &its, NULL))
		tst_brk(TBROK | TERRNO, "timerfd_settime(%lld, %lld)", value,
			interval);
}

/* Blocking read of the expiry count; -1 (reported) when it failed. */
static long long read_ticks(int rfd)
{
	uint64_t ticks;

	TEST(read(rfd, &ticks, sizeof(ticks)));
	if (TST_RET != sizeof(ticks)) {
		tst_res(TFAIL | TTERRNO, "read(timerfd) returned %ld",
			TST_RET);
		return -1;
	}
	return ticks;
}

static void set_nonblock(int on)
{
	int fl = fcntl(fd, F_GETFL);

	if (fcntl(fd, F_SETFL, on ? fl | O_NONBLOCK : fl & ~O_NONBLOCK))
		tst_brk(TBROK | TERRNO, "fcntl(F_SETFL)");
}

static void test_one_shot(void)
{
	long long start, elapsed, ticks;
	uint64_t buf;

	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_PASS(timerfd_settime(fd, 0, &(struct itimerspec){
			{0, 0}, {0, 20 * MS}}, NULL),
		     "timerfd_settime(20 ms one-shot)");
	ticks = read_ticks(fd);
	elapsed = clock_ns(CLOCK_MONOTONIC) - start;
	TST_EXP_EXPR(ticks == 1 && elapsed >= 20 * MS, "read() gave %lld "
		     "expiry after %lld ns (>= 20 ms)", ticks, elapsed);
	set_nonblock(1);
	TST_EXP_FAIL(read(fd, &buf, sizeof(buf)), EAGAIN,
		     "read() again: the count started over");
	set_nonblock(0);
}

static void test_periodic(void)
{
	long long before, after_read, ticks, low, high;

	before = clock_ns(CLOCK_MONOTONIC);
	arm(0, period, period);
	usleep(12 * period / 1000);
	ticks = read_ticks(fd);
	after_read = clock_ns(CLOCK_MONOTONIC);
	/*
	 * Expiries at start + k * period, k >= 1, start between before
	 * and the sleep, counted up to the read, which comes at least 12
	 * periods after the start.
	 */
	low = 12;
	high = (after_read - before) / period;
	TST_EXP_EXPR(ticks >= low && ticks <= high, "a %lld ns periodic "
		     "timerfd read after 12 periods: %lld expiries, in [%lld, "
		     "%lld]", period, ticks, low, high);
	ticks = read_ticks(fd);
	TST_EXP_EXPR(ticks >= 1, "the next read() waited for the next "
		     "expiry (%lld)", ticks);
	arm(0, 0, 0);
}

static void test_absolute(void)
{
	long long target, now, after_set, after_read, ticks, low, high;

	target = clock_ns(CLOCK_MONOTONIC) + 20 * MS;
	TST_EXP_PASS(timerfd_settime(fd, TFD_TIMER_ABSTIME, &(struct
			itimerspec){{0, 0}, ns_ts(target)}, NULL),
		     "timerfd_settime(TFD_TIMER_ABSTIME, now + 20 ms)");
	ticks = read_ticks(fd);
	now = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_EXPR(ticks == 1 && now >= target, "1 expiry (%lld), %lld ns "
		     "after its time", ticks, now - target);

	target = clock_ns(CLOCK_MONOTONIC) - 20 * period;
	arm(TFD_TIMER_ABSTIME, target, period);
	after_set = clock_ns(CLOCK_MONOTONIC);
	ticks = read_ticks(fd);
	after_read = clock_ns(CLOCK_MONOTONIC);
	low = (after_set - target) / period + 1;
	high = (after_read - target) / period + 1;
	TST_EXP_EXPR(ticks >= low && ticks <= high, "absolute time 20 periods "
		     "ago: %lld expiries at once, in [%lld, %lld]", ticks, low,
		     high);
	arm(0, 0, 0);
}

static void test_old_value(void)
{
	struct itimerspec old;

	arm(0, 0, 0);
	memset(&old, 0xff, sizeof(old));
	TST_EXP_PASS(timerfd_settime(fd, 0, &(struct itimerspec){
			{3, 0}, {30, 0}}, &old),
		     "timerfd_settime(30 s, every 3 s)");
	TST_EXP_EXPR(ts_ns(&old.it_value) == 0 && ts_ns(&old.it_interval) == 0,
		     "old value of a disarmed timerfd is zero");
	TST_EXP_PASS(timerfd_settime(fd, 0, &(struct itimerspec){
			{0, 0}, {0, 0}}, &old), "timerfd_settime(0): disarm");
	TST_EXP_EXPR(ts_ns(&old.it_value) > 0 &&
		     ts_ns(&old.it_value) <= 30 * NSEC_PER_SEC &&
		     ts_ns(&old.it_interval) == 3 * NSEC_PER_SEC,
		     "old value: %lld ns left of 30 s, interval %lld ns",
		     ts_ns(&old.it_value), ts_ns(&old.it_interval));
}

static void test_rearm_discards(void)
{
	struct pollfd pfd = {.fd = fd, .events = POLLIN};
	uint64_t buf;

	arm(0, MS, 0);
	TST_EXP_VAL(poll(&pfd, 1, 10000 * tst_timeout_mul()), 1,
		    "poll(timerfd) after its expiry");
	arm(0, 60 * NSEC_PER_SEC, 0);
	set_nonblock(1);
	TST_EXP_FAIL(read(fd, &buf, sizeof(buf)), EAGAIN,
		     "read() after re-arming: the unread expiry was dropped");
	arm(0, MS, 0);
	poll(&pfd, 1, 10000 * tst_timeout_mul());
	arm(0, 0, 0);
	TST_EXP_FAIL(read(fd, &buf, sizeof(buf)), EAGAIN,
		     "read() after disarming: the unread expiry was dropped");
	TST_EXP_VAL(poll(&pfd, 1, 50), 0, "no expiry of the disarmed timerfd");
	set_nonblock(0);
}

static void test_read_args(void)
{
	struct pollfd pfd = {.fd = fd, .events = POLLIN};
	uint64_t buf[2] = {0, 0};

	arm(0, MS, 0);
	poll(&pfd, 1, 10000 * tst_timeout_mul());
	TST_EXP_FAIL(read(fd, buf, sizeof(buf[0]) - 1), EINVAL,
		     "read(timerfd, 7 bytes)");
	TST_EXP_FAIL(read(fd, bad_addr, sizeof(buf[0])), EFAULT,
		     "read(timerfd, unmapped buffer)");
	arm(0, MS, 0);
	TST_EXP_VAL(read(fd, buf, sizeof(buf)), sizeof(buf[0]),
		    "read(timerfd, 16 bytes) returns 8");
	arm(0, 0, 0);
}

static void handler(int sig)
{
	(void)sig;
}

static void test_interrupted(int sa_flags)
{
	uint64_t buf;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		tev_sigaction(SIGUSR1, handler, sa_flags);
		if (sa_flags) {
			TST_EXP_VAL(read(fd, &buf, sizeof(buf)), sizeof(buf),
				    "read(timerfd) restarted after an "
				    "SA_RESTART handler");
		} else {
			TST_EXP_FAIL(read(fd, &buf, sizeof(buf)), EINTR,
				     "read(timerfd) interrupted by a handler");
		}
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_read);
	SAFE_KILL(pid, SIGUSR1);
	if (sa_flags) {
		/* the restarted read must now wait for the expiry */
		wait_task_in_syscall(pid, __NR_read);
		arm(0, MS, 0);
	}
	reap_child(pid);
	arm(0, 0, 0);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_one_shot();
		break;
	case 1:
		test_periodic();
		break;
	case 2:
		test_absolute();
		break;
	case 3:
		test_old_value();
		break;
	case 4:
		test_rearm_discards();
		break;
	case 5:
		test_read_args();
		break;
	case 6:
		test_interrupted(0);
		break;
	case 7:
		test_interrupted(SA_RESTART);
		break;
	}
}

static void setup(void)
{
	struct timespec res;

	if (clock_getres(CLOCK_MONOTONIC, &res))
		tst_brk(TBROK | TERRNO, "clock_getres()");
	period = ts_ns(&res) > 5 * MS ? ts_ns(&res) : 5 * MS;
	bad_addr = tev_bad_addr();
	fd = timerfd_create(CLOCK_MONOTONIC, 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "timerfd_create(CLOCK_MONOTONIC)");
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = 8,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};
