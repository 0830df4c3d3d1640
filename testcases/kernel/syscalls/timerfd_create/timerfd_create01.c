// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timerfd_create() on CLOCK_REALTIME, MONOTONIC and BOOTTIME gives a
 * descriptor of an "anon_inode:[timerfd]" that starts disarmed: nothing
 * to read (EAGAIN with TFD_NONBLOCK), timerfd_gettime() reads zero, poll()
 * reports nothing. TFD_NONBLOCK sets O_NONBLOCK and TFD_CLOEXEC sets
 * FD_CLOEXEC, each alone. Errors: EINVAL for unknown flags and for
 * clocks without timerfd support (PROCESS/THREAD_CPUTIME_ID,
 * MONOTONIC_RAW, the coarse clocks, TAI, invalid ids); EMFILE at
 * RLIMIT_NOFILE; the alarm clocks need CAP_WAKE_ALARM: EPERM as nobody.
 */
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <sys/timerfd.h>
#include "time_event.h"
#include "fd_checks.h"
#include "lapi/time.h"

static const struct {
	clockid_t id;
	const char *name;
} clocks[] = {
	{CLOCK_REALTIME, "CLOCK_REALTIME"},
	{CLOCK_MONOTONIC, "CLOCK_MONOTONIC"},
	{CLOCK_BOOTTIME, "CLOCK_BOOTTIME"},
};

static void test_fresh(unsigned int i)
{
	struct itimerspec cur;
	struct pollfd pfd;
	uint64_t ticks;
	int fd;

	TST_EXP_FD(timerfd_create(clocks[i].id, TFD_NONBLOCK),
		   "timerfd_create(%s, TFD_NONBLOCK)", clocks[i].name);
	if (!TST_PASS)
		return;
	fd = TST_RET;
	TST_EXP_EXPR(!strcmp(fd_link(fd), "anon_inode:[timerfd]"),
		     "the descriptor is %s", fd_link(fd));
	TST_EXP_FAIL(read(fd, &ticks, sizeof(ticks)), EAGAIN,
		     "read(disarmed timerfd)");
	if (timerfd_gettime(fd, &cur))
		tst_brk(TBROK | TERRNO, "timerfd_gettime()");
	TST_EXP_EXPR(ts_ns(&cur.it_value) == 0 && ts_ns(&cur.it_interval) == 0,
		     "a new timerfd is disarmed");
	pfd.fd = fd;
	pfd.events = POLLIN | POLLOUT;
	TST_EXP_VAL(poll(&pfd, 1, 0), 0, "poll(new timerfd)");
	SAFE_CLOSE(fd);
}

static void test_flags(void)
{
	int fd;

	fd = timerfd_create(CLOCK_MONOTONIC, 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "timerfd_create(0)");
	TST_EXP_EXPR(fd_flags_are(fd, 0, 0),
		     "flags 0: neither O_NONBLOCK nor FD_CLOEXEC");
	TST_EXP_EXPR(fd_accmode(fd) == O_RDWR,
		     "the timerfd is open O_RDWR");
	SAFE_CLOSE(fd);
	fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK);
	TST_EXP_EXPR(fd_flags_are(fd, 1, 0), "TFD_NONBLOCK: O_NONBLOCK only");
	SAFE_CLOSE(fd);
	fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	TST_EXP_EXPR(fd_flags_are(fd, 0, 1), "TFD_CLOEXEC: FD_CLOEXEC only");
	SAFE_CLOSE(fd);
}

static void test_einval(void)
{
	static const clockid_t bad_clocks[] = {
		CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID,
		CLOCK_MONOTONIC_RAW, CLOCK_REALTIME_COARSE,
		CLOCK_MONOTONIC_COARSE, CLOCK_TAI, 10, 16, -1, INT_MAX,
	};
	static const int bad_flags[] = {O_APPEND, O_RDWR, 1, INT_MIN, -1};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad_clocks); i++)
		TST_EXP_FAIL(timerfd_create(bad_clocks[i], 0), EINVAL,
			     "timerfd_create(clock %d)", (int)bad_clocks[i]);
	for (i = 0; i < ARRAY_SIZE(bad_flags); i++)
		TST_EXP_FAIL(timerfd_create(CLOCK_MONOTONIC, bad_flags[i]),
			     EINVAL, "timerfd_create(flags %#x)", bad_flags[i]);
}

static void test_emfile(void)
{
	FD_EXP_EMFILE(timerfd_create(CLOCK_MONOTONIC, 0),
		      "timerfd_create() with no free descriptor");
}

static void alarm_as_nobody(void)
{
	TST_EXP_FAIL(timerfd_create(CLOCK_REALTIME_ALARM, 0), EPERM,
		     "timerfd_create(CLOCK_REALTIME_ALARM) as nobody");
	TST_EXP_FAIL(timerfd_create(CLOCK_BOOTTIME_ALARM, 0), EPERM,
		     "timerfd_create(CLOCK_BOOTTIME_ALARM) as nobody");
}

static void test_alarm(void)
{
	int fd;

	if (geteuid()) {
		tst_res(TCONF, "not root: alarm clock checks skipped");
		return;
	}
	TST_EXP_FD(timerfd_create(CLOCK_BOOTTIME_ALARM, 0),
		   "timerfd_create(CLOCK_BOOTTIME_ALARM) as root");
	if (TST_PASS) {
		fd = TST_RET;
		SAFE_CLOSE(fd);
	}
	tev_as_nobody(alarm_as_nobody);
}

static void run(unsigned int n)
{
	if (n < ARRAY_SIZE(clocks)) {
		test_fresh(n);
		return;
	}
	switch (n - ARRAY_SIZE(clocks)) {
	case 0:
		test_flags();
		break;
	case 1:
		test_einval();
		break;
	case 2:
		test_emfile();
		break;
	case 3:
		test_alarm();
		break;
	}
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(clocks) + 4,
	.test = run,
	.forks_child = 1,
};
