// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create() with SIGEV_THREAD: at each expiry "the
 * sigev_notify_function shall be called as if it were the start
 * function of a new thread", with sigev_value as its argument. A
 * periodic CLOCK_MONOTONIC timer (first expiry 100 ms, then every
 * 50 ms) with a pointer value calls the function: in a thread other
 * than the main one, with the pointer, the first time no earlier than
 * 100 ms after timer_settime() (read on CLOCK_MONOTONIC), and again
 * for later expiries: three calls seen, and no more calls than
 * expiries up to timer_delete() (at most one call per expiry).
 */
#include <pthread.h>

#include "pts_helpers.h"

static int cookie;
static volatile int calls, bad_val, bad_tid;
static volatile long long first_ns;
static pid_t main_tid;

static void notify(union sigval v)
{
	if (v.sival_ptr != &cookie)
		bad_val = 1;
	if (pts_gettid() == main_tid)
		bad_tid = 1;
	if (!first_ns)
		first_ns = pts_now(CLOCK_MONOTONIC);
	__atomic_add_fetch(&calls, 1, __ATOMIC_SEQ_CST);
}

int main(void)
{
	struct sigevent ev = { .sigev_notify = SIGEV_THREAD };
	struct itimerspec its = { .it_value = { 0, 100000000 },
				  .it_interval = { 0, 50000000 } };
	long long t0, t1, end;
	timer_t tm;
	int n;

	main_tid = pts_gettid();
	ev.sigev_value.sival_ptr = &cookie;
	ev.sigev_notify_function = notify;
	if (timer_create(CLOCK_MONOTONIC, &ev, &tm))
		PTS_UNRES("timer_create(SIGEV_THREAD): %s", strerror(errno));
	t0 = pts_now(CLOCK_MONOTONIC);
	if (timer_settime(tm, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %s", strerror(errno));
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (__atomic_load_n(&calls, __ATOMIC_SEQ_CST) < 3) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("%d notification calls in the bound", calls);
		pts_nap();
	}
	if (timer_delete(tm))
		PTS_FAILED("timer_delete(): %s", strerror(errno));
	t1 = pts_now(CLOCK_MONOTONIC);
	/* every call counted so far belongs to an expiry before t1 */
	n = __atomic_load_n(&calls, __ATOMIC_SEQ_CST);
	printf("%d calls, the first after %lld ms\n", n, (first_ns - t0) / 1000000);
	if (bad_val)
		PTS_FAILED("the function got another value than sigev_value");
	if (bad_tid)
		PTS_FAILED("the function ran in the main thread");
	if (first_ns < t0 + 100000000LL)
		PTS_FAILED("first call %lld ns before the first expiry",
			   t0 + 100000000LL - first_ns);
	if (n > 1 + (t1 - t0 - 100000000LL) / 50000000LL + 1)
		PTS_FAILED("%d calls in %lld ms: more than one per expiry", n,
			   (t1 - t0) / 1000000);
	PTS_PASSED("SIGEV_THREAD: the function runs per expiry in another thread with sigev_value");
}
