// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timerfd_settime() errors: EBADF for a descriptor not open; EINVAL for a
 * descriptor that is not a timerfd (a pipe, an eventfd), for flags other
 * than TFD_TIMER_ABSTIME and TFD_TIMER_CANCEL_ON_SET, and for tv_nsec
 * outside [0, 1e9) or a negative tv_sec in it_value or it_interval;
 * EFAULT for an unmapped or NULL new value, and for an unmapped old value
 * (the timer is armed all the same). A failed call leaves the setting as
 * it was. An alarm-clock timerfd inherited by nobody: EPERM.
 */
#include <limits.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include "time_event.h"
#include "lapi/time.h"

static int fd = -1, alarm_fd = -1;
static void *bad_addr;
static const struct itimerspec one_sec = {{0, 0}, {1, 0}};

static void test_bad_fds(void)
{
	int pipefd[2], efd, tmp, closed;

	TST_EXP_FAIL(timerfd_settime(-1, 0, &one_sec, NULL), EBADF,
		     "timerfd_settime(-1)");
	tmp = SAFE_OPEN("/dev/null", O_RDONLY);
	closed = tmp;
	SAFE_CLOSE(tmp);
	TST_EXP_FAIL(timerfd_settime(closed, 0, &one_sec, NULL), EBADF,
		     "timerfd_settime(descriptor not open)");
	SAFE_PIPE(pipefd);
	TST_EXP_FAIL(timerfd_settime(pipefd[0], 0, &one_sec, NULL), EINVAL,
		     "timerfd_settime(pipe)");
	efd = eventfd(0, 0);
	if (efd < 0)
		tst_brk(TBROK | TERRNO, "eventfd()");
	TST_EXP_FAIL(timerfd_settime(efd, 0, &one_sec, NULL), EINVAL,
		     "timerfd_settime(eventfd)");
	SAFE_CLOSE(efd);
	SAFE_CLOSE(pipefd[0]);
	SAFE_CLOSE(pipefd[1]);
}

static void test_bad_args(void)
{
	static const struct timespec bad[] = {
		{0, NSEC_PER_SEC}, {0, -1}, {-1, 0}, {1, LONG_MAX},
	};
	static const int bad_flags[] = {4, 8, INT_MIN, -1};
	struct itimerspec its, cur;
	unsigned int i;

	if (timerfd_settime(fd, 0, &(struct itimerspec){{0, 0}, {60, 0}},
			    NULL))
		tst_brk(TBROK | TERRNO, "timerfd_settime(60 s)");
	for (i = 0; i < ARRAY_SIZE(bad_flags); i++)
		TST_EXP_FAIL(timerfd_settime(fd, bad_flags[i], &one_sec, NULL),
			     EINVAL, "timerfd_settime(flags %#x)",
			     bad_flags[i]);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		its.it_interval = (struct timespec){0, 0};
		its.it_value = bad[i];
		TST_EXP_FAIL(timerfd_settime(fd, 0, &its, NULL), EINVAL,
			     "timerfd_settime(it_value {%lld, %ld})",
			     (long long)bad[i].tv_sec, bad[i].tv_nsec);
		its.it_interval = bad[i];
		its.it_value = (struct timespec){1, 0};
		TST_EXP_FAIL(timerfd_settime(fd, 0, &its, NULL), EINVAL,
			     "timerfd_settime(it_interval {%lld, %ld})",
			     (long long)bad[i].tv_sec, bad[i].tv_nsec);
	}
	if (timerfd_gettime(fd, &cur))
		tst_brk(TBROK | TERRNO, "timerfd_gettime()");
	TST_EXP_EXPR(ts_ns(&cur.it_value) > NSEC_PER_SEC,
		     "the 60 s setting survived the failed calls (%lld ns "
		     "left)", ts_ns(&cur.it_value));
}

static void test_efault(void)
{
	struct itimerspec cur;

	timerfd_settime(fd, 0, &(struct itimerspec){{0, 0}, {0, 0}}, NULL);
	TST_EXP_FAIL(timerfd_settime(fd, 0, bad_addr, NULL), EFAULT,
		     "timerfd_settime(unmapped new value)");
	TST_EXP_FAIL(timerfd_settime(fd, 0, NULL, NULL), EFAULT,
		     "timerfd_settime(NULL new value)");
	TST_EXP_FAIL(timerfd_settime(fd, 0, &(struct itimerspec){{0, 0},
			{30, 0}}, bad_addr), EFAULT,
		     "timerfd_settime(30 s, unmapped old value)");
	if (timerfd_gettime(fd, &cur))
		tst_brk(TBROK | TERRNO, "timerfd_gettime()");
	TST_EXP_EXPR(ts_ns(&cur.it_value) > NSEC_PER_SEC,
		     "the timerfd is armed all the same (%lld ns left)",
		     ts_ns(&cur.it_value));
}

static void alarm_as_nobody(void)
{
	TST_EXP_FAIL(timerfd_settime(alarm_fd, 0, &one_sec, NULL), EPERM,
		     "timerfd_settime(inherited CLOCK_BOOTTIME_ALARM timerfd) "
		     "as nobody");
}

static void test_alarm(void)
{
	if (alarm_fd < 0) {
		tst_res(TCONF, "no CLOCK_BOOTTIME_ALARM timerfd (not root)");
		return;
	}
	tev_as_nobody(alarm_as_nobody);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_bad_fds();
		break;
	case 1:
		test_bad_args();
		break;
	case 2:
		test_efault();
		break;
	case 3:
		test_alarm();
		break;
	}
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
	fd = timerfd_create(CLOCK_MONOTONIC, 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "timerfd_create()");
	if (!geteuid()) {
		alarm_fd = timerfd_create(CLOCK_BOOTTIME_ALARM, 0);
		if (alarm_fd < 0)
			tst_brk(TBROK | TERRNO, "timerfd_create("
				"CLOCK_BOOTTIME_ALARM) as root");
	}
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
	if (alarm_fd >= 0)
		SAFE_CLOSE(alarm_fd);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};
