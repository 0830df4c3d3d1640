// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_timedwait() on a condition variable whose clock attribute
 * is CLOCK_MONOTONIC (pthread_condattr_setclock): the absolute timeout is
 * measured on that clock. Without a signal it returns ETIMEDOUT no
 * earlier than the deadline read on CLOCK_MONOTONIC, with the mutex
 * locked again by the caller (an ERRORCHECK mutex unlocks without
 * error). A deadline already past returns ETIMEDOUT at once. The clock
 * attribute reads back, and a CPU-time clock is refused with EINVAL.
 */
#include <pthread.h>

#include "pts_helpers.h"

int main(void)
{
	pthread_condattr_t ca;
	pthread_mutexattr_t ma;
	pthread_mutex_t m;
	pthread_cond_t c;
	struct timespec dl;
	clockid_t clk;
	long long now;
	int err;

	pthread_condattr_init(&ca);
	if (pthread_condattr_setclock(&ca, CLOCK_MONOTONIC))
		PTS_UNSUPP("CLOCK_MONOTONIC condition variables not supported");
	pthread_condattr_getclock(&ca, &clk);
	if (clk != CLOCK_MONOTONIC)
		PTS_FAILED("getclock read back %d", (int)clk);
	if (pthread_condattr_setclock(&ca, CLOCK_PROCESS_CPUTIME_ID) != EINVAL)
		PTS_FAILED("a CPU-time clock was not refused with EINVAL");
	pthread_cond_init(&c, &ca);
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &ma);

	pthread_mutex_lock(&m);
	dl = pts_deadline(CLOCK_MONOTONIC, 150000000);
	do
		err = pthread_cond_timedwait(&c, &m, &dl);
	while (err == 0);	/* a spurious wakeup is allowed */
	now = pts_now(CLOCK_MONOTONIC);
	if (err != ETIMEDOUT)
		PTS_FAILED("timedwait returned %d, expected ETIMEDOUT", err);
	if (now < pts_ts_ns(&dl))
		PTS_FAILED("timed out %lld ns before the monotonic deadline",
			   pts_ts_ns(&dl) - now);
	PTS_EXPECT_ERR(pthread_mutex_unlock(&m), 0,
		       "unlock after timeout (mutex must be held)");
	pthread_mutex_lock(&m);
	dl = pts_ns_ts(pts_now(CLOCK_MONOTONIC) - PTS_NSEC);
	PTS_EXPECT_ERR(pthread_cond_timedwait(&c, &m, &dl), ETIMEDOUT,
		       "deadline in the past");
	PTS_EXPECT_ERR(pthread_mutex_unlock(&m), 0, "unlock after past deadline");
	PTS_PASSED("CLOCK_MONOTONIC deadline honoured, mutex reacquired");
}
