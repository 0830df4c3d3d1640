// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_clockwait() (POSIX.1-2024) on CLOCK_REALTIME, and as a
 * cancellation point. On a zero semaphore a CLOCK_REALTIME deadline
 * 200 ms ahead gives -1 [ETIMEDOUT] no earlier than it on
 * CLOCK_REALTIME; a deadline already passed on either supported clock
 * gives ETIMEDOUT at once, the value untouched; with the value above
 * zero the semaphore is taken even with a passed deadline. sem_clockwait()
 * "shall" be a cancellation point like sem_timedwait(): a thread blocked
 * in it (deadline an hour ahead on CLOCK_MONOTONIC) is cancelled by a
 * deferred request, and a later post leaves the value 1.
 */
#include <semaphore.h>

#include "pts_cancel.h"

static sem_t s;

static void body(void *arg)
{
	struct timespec ts = pts_deadline(CLOCK_MONOTONIC, 3600 * PTS_NSEC);

	(void)arg;
	sem_clockwait(&s, CLOCK_MONOTONIC, &ts);
}

int main(void)
{
	struct timespec ts;
	long long t0, t1;
	int v;

	if (sem_init(&s, 0, 0))
		PTS_UNRES("sem_init(): %s", strerror(errno));
	t0 = pts_now(CLOCK_REALTIME);
	ts = pts_ns_ts(t0 + 200000000LL);
	PTS_EXPECT_ERRNO(sem_clockwait(&s, CLOCK_REALTIME, &ts), ETIMEDOUT,
			 "REALTIME deadline 200 ms ahead");
	t1 = pts_now(CLOCK_REALTIME);
	if (t1 < pts_ts_ns(&ts))
		PTS_FAILED("ETIMEDOUT %lld ns before the REALTIME deadline",
			   pts_ts_ns(&ts) - t1);
	ts = pts_deadline(CLOCK_REALTIME, -PTS_NSEC);
	PTS_EXPECT_ERRNO(sem_clockwait(&s, CLOCK_REALTIME, &ts), ETIMEDOUT,
			 "REALTIME deadline passed");
	ts = pts_deadline(CLOCK_MONOTONIC, -PTS_NSEC);
	PTS_EXPECT_ERRNO(sem_clockwait(&s, CLOCK_MONOTONIC, &ts), ETIMEDOUT,
			 "MONOTONIC deadline passed");
	sem_getvalue(&s, &v);
	if (v != 0)
		PTS_FAILED("value %d after the timeouts", v);
	sem_post(&s);
	if (sem_clockwait(&s, CLOCK_MONOTONIC, &ts))
		PTS_FAILED("value 1, passed deadline: %s", strerror(errno));
	sem_getvalue(&s, &v);
	if (v != 0)
		PTS_FAILED("value %d after taking the one", v);

	pts_cancel_in_syscall(body, NULL, SYS_futex, "sem_clockwait()");
	sem_post(&s);
	sem_getvalue(&s, &v);
	if (v != 1)
		PTS_FAILED("value %d after the cancelled wait and one post", v);
	PTS_PASSED("REALTIME timeouts not early, passed deadlines at once; a cancellation point");
}
