// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timerfd_gettime() reports the time left, above 0, no more than was set
 * and falling as time passes, and the interval exactly as set; zero for a
 * disarmed timerfd and once a one-shot expired (the expiry still waits to
 * be read). For a periodic timerfd past several expiries it reports the
 * time to the next one, within one interval, and the expiries it skipped
 * over are all counted by the next read(). Also with TFD_TIMER_ABSTIME:
 * the value read back is relative. Errors: EBADF for a descriptor not
 * open, EINVAL for one that is not a timerfd, EFAULT for an unmapped
 * result.
 */
#include <poll.h>
#include <sys/timerfd.h>
#include "time_event.h"

#define MS NSEC_PER_MSEC

static int fd = -1;
static void *bad_addr;

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

static void get(struct itimerspec *cur)
{
	memset(cur, 0xff, sizeof(*cur));
	if (timerfd_gettime(fd, cur))
		tst_brk(TBROK | TERRNO, "timerfd_gettime()");
}

static void test_countdown(void)
{
	struct itimerspec cur;
	long long first;

	arm(0, 0, 0);
	get(&cur);
	TST_EXP_EXPR(ts_ns(&cur.it_value) == 0 && ts_ns(&cur.it_interval) == 0,
		     "a disarmed timerfd reads zero");

	arm(0, 100 * NSEC_PER_SEC, 1500 * MS);
	get(&cur);
	first = ts_ns(&cur.it_value);
	TST_EXP_EXPR(first > 0 && first <= 100 * NSEC_PER_SEC &&
		     ts_ns(&cur.it_interval) == 1500 * MS,
		     "%lld ns left of 100 s, interval %lld ns", first,
		     ts_ns(&cur.it_interval));
	usleep(2000);
	get(&cur);
	TST_EXP_EXPR(ts_ns(&cur.it_value) < first, "the time left fell to "
		     "%lld ns", ts_ns(&cur.it_value));

	arm(TFD_TIMER_ABSTIME, clock_ns(CLOCK_MONOTONIC) + 100 * NSEC_PER_SEC,
	    0);
	get(&cur);
	TST_EXP_EXPR(ts_ns(&cur.it_value) > 0 &&
		     ts_ns(&cur.it_value) <= 100 * NSEC_PER_SEC,
		     "an absolute setting reads back relative (%lld ns left)",
		     ts_ns(&cur.it_value));
}

static void test_expired(void)
{
	struct pollfd pfd = {.fd = fd, .events = POLLIN};
	struct itimerspec cur;
	uint64_t ticks;

	arm(0, MS, 0);
	poll(&pfd, 1, 10000 * tst_timeout_mul());
	get(&cur);
	TST_EXP_EXPR(ts_ns(&cur.it_value) == 0 && ts_ns(&cur.it_interval) == 0,
		     "an expired one-shot reads zero");
	TST_EXP_VAL(read(fd, &ticks, sizeof(ticks)), sizeof(ticks),
		    "read() after timerfd_gettime()");
	TST_EXP_EQ_LU(ticks, 1);
}

static void test_periodic(void)
{
	struct pollfd pfd = {.fd = fd, .events = POLLIN};
	long long before, after_get, after_read, low, high;
	struct itimerspec cur;
	uint64_t ticks;

	before = clock_ns(CLOCK_MONOTONIC);
	arm(0, 10 * MS, 10 * MS);
	/* the first expiry was handled; then 4 more periods pass */
	poll(&pfd, 1, 10000 * tst_timeout_mul());
	usleep(45000);
	get(&cur);
	after_get = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_EXPR(ts_ns(&cur.it_value) > 0 &&
		     ts_ns(&cur.it_value) <= 10 * MS &&
		     ts_ns(&cur.it_interval) == 10 * MS,
		     "past 5 expiries of a 10 ms timerfd: %lld ns to the next",
		     ts_ns(&cur.it_value));
	if (read(fd, &ticks, sizeof(ticks)) != sizeof(ticks))
		tst_brk(TBROK | TERRNO, "read(timerfd)");
	after_read = clock_ns(CLOCK_MONOTONIC);
	/* the first and the 4 more that passed before the sleep ended */
	low = 5;
	high = (after_read - before) / (10 * MS);
	TST_EXP_EXPR((long long)ticks >= low && (long long)ticks <= high,
		     "read() counted %llu expiries, in [%lld, %lld] (gettime "
		     "after %lld ns)", (unsigned long long)ticks, low, high,
		     after_get - before);
	arm(0, 0, 0);
}

static void test_errors(void)
{
	struct itimerspec cur;
	int pipefd[2], tmp, closed;

	TST_EXP_FAIL(timerfd_gettime(fd, bad_addr), EFAULT,
		     "timerfd_gettime(unmapped result)");
	TST_EXP_FAIL(timerfd_gettime(fd, NULL), EFAULT,
		     "timerfd_gettime(NULL result)");
	TST_EXP_FAIL(timerfd_gettime(-1, &cur), EBADF, "timerfd_gettime(-1)");
	tmp = SAFE_OPEN("/dev/null", O_RDONLY);
	closed = tmp;
	SAFE_CLOSE(tmp);
	TST_EXP_FAIL(timerfd_gettime(closed, &cur), EBADF,
		     "timerfd_gettime(descriptor not open)");
	SAFE_PIPE(pipefd);
	TST_EXP_FAIL(timerfd_gettime(pipefd[1], &cur), EINVAL,
		     "timerfd_gettime(pipe)");
	SAFE_CLOSE(pipefd[0]);
	SAFE_CLOSE(pipefd[1]);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_countdown();
		break;
	case 1:
		test_expired();
		break;
	case 2:
		test_periodic();
		break;
	case 3:
		test_errors();
		break;
	}
}

static void setup(void)
{
	struct timespec res;

	if (clock_getres(CLOCK_MONOTONIC, &res))
		tst_brk(TBROK | TERRNO, "clock_getres()");
	if (ts_ns(&res) > 10 * MS)
		tst_brk(TCONF, "hrtimer resolution %lld ns is above the 10 ms "
			"period used", ts_ns(&res));
	bad_addr = tev_bad_addr();
	fd = timerfd_create(CLOCK_MONOTONIC, 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "timerfd_create()");
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
};
