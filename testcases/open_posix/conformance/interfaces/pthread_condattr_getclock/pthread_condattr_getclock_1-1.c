// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_condattr_getclock() "shall obtain the value of the clock
 * attribute" and return 0: CLOCK_REALTIME by default, CLOCK_MONOTONIC
 * once set; a CPU-time clock is EINVAL and leaves MONOTONIC read. The
 * clock read is the one the kernel measures a timed wait on: a waiter
 * of a condition variable made from a REALTIME object sleeps in
 * FUTEX_WAIT_BITSET with FUTEX_CLOCK_REALTIME, of a MONOTONIC one
 * without it.
 */
#include <pthread.h>
#include <linux/futex.h>

#include "pts_blocked.h"
#include "pts_j19.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c;
static int done;

static void *waiter(void *arg)
{
	clockid_t clk = *(clockid_t *)arg;
	struct timespec ts = pts_deadline(clk, pts_bound_ns(60));
	int e = 0;

	pthread_mutex_lock(&m);
	while (!done && !e)
		e = pthread_cond_timedwait(&c, &m, &ts);
	pthread_mutex_unlock(&m);
	return (void *)(long)e;
}

static long wait_op(pthread_condattr_t *a, clockid_t clk)
{
	struct pts_blocked b;
	long op;

	pthread_cond_init(&c, a);
	done = 0;
	pts_start_blocked(&b, waiter, &clk, SYS_futex);
	op = pts_j19_futex_op(b.tid);
	pthread_mutex_lock(&m);
	done = 1;
	pthread_cond_signal(&c);
	pthread_mutex_unlock(&m);
	if (pts_join_long(b.t))
		PTS_FAILED("the timed wait failed");
	pthread_cond_destroy(&c);
	return op;
}

int main(void)
{
	pthread_condattr_t a;
	clockid_t clk = -1;
	long op;

	pthread_condattr_init(&a);
	PTS_EXPECT_ERR(pthread_condattr_getclock(&a, &clk), 0, "getclock()");
	if (clk != CLOCK_REALTIME)
		PTS_FAILED("default clock %d", (int)clk);
	op = wait_op(&a, clk);
	printf("REALTIME: futex op %#lx\n", op);
	if (PTS_J19_FUTEX_CMD(op) != FUTEX_WAIT_BITSET ||
	    !(op & PTS_J19_FUTEX_CLOCK_RT))
		PTS_FAILED("REALTIME read, the wait is futex op %#lx", op);
	PTS_EXPECT_ERR(pthread_condattr_setclock(&a, CLOCK_MONOTONIC), 0,
		       "setclock(MONOTONIC)");
	PTS_EXPECT_ERR(pthread_condattr_setclock(&a, CLOCK_PROCESS_CPUTIME_ID),
		       EINVAL, "setclock(PROCESS_CPUTIME)");
	clk = -1;
	PTS_EXPECT_ERR(pthread_condattr_getclock(&a, &clk), 0, "getclock()");
	if (clk != CLOCK_MONOTONIC)
		PTS_FAILED("MONOTONIC read back as %d", (int)clk);
	op = wait_op(&a, clk);
	printf("MONOTONIC: futex op %#lx\n", op);
	if (PTS_J19_FUTEX_CMD(op) != FUTEX_WAIT_BITSET ||
	    (op & PTS_J19_FUTEX_CLOCK_RT))
		PTS_FAILED("MONOTONIC read, the wait is futex op %#lx", op);
	pthread_condattr_destroy(&a);
	PTS_PASSED("REALTIME default, MONOTONIC read back, EINVAL kept; the kernel's clock follows");
}
