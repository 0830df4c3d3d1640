// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_getcpuclockid(): the clock ID of the calling thread reads the
 * same clock as CLOCK_THREAD_CPUTIME_ID (a reading lies between two
 * readings of that clock); clock IDs of two other threads are distinct
 * and each follows only its own thread: a thread that spins 100 ms
 * advances its clock by at least that much while a blocked one's clock
 * moves by less than 50 ms.
 */
#include <pthread.h>

#include "pts_helpers.h"

static int go[2], done[2], stop[2];

static void *spinner(void *arg)
{
	long long end;
	char c;

	(void)arg;
	if (read(go[0], &c, 1) != 1)
		return NULL;
	end = pts_now(CLOCK_THREAD_CPUTIME_ID) + PTS_NSEC / 10;
	while (pts_now(CLOCK_THREAD_CPUTIME_ID) < end)
		;
	/* report, then stay alive so that the clock can be read */
	if (write(done[1], "x", 1) != 1 || read(stop[0], &c, 1) != 1)
		return NULL;
	return NULL;
}

static void *blocker(void *arg)
{
	char c;

	(void)arg;
	if (read(stop[0], &c, 1) != 1)
		return NULL;
	return NULL;
}

int main(void)
{
	long long a, b, c, s0, s1, b0, b1;
	clockid_t self, cs, cb;
	pthread_t ts, tb;
	char x;

	if (pthread_getcpuclockid(pthread_self(), &self))
		PTS_FAILED("pthread_getcpuclockid(self) failed");
	a = pts_now(CLOCK_THREAD_CPUTIME_ID);
	b = pts_now(self);
	c = pts_now(CLOCK_THREAD_CPUTIME_ID);
	if (b < a || b > c)
		PTS_FAILED("own thread clock %lld outside [%lld, %lld]", b, a, c);
	if (pipe(go) || pipe(done) || pipe(stop))
		PTS_UNRES("pipe(): %m");
	if (pthread_create(&ts, NULL, spinner, NULL) ||
	    pthread_create(&tb, NULL, blocker, NULL))
		PTS_UNRES("pthread_create()");
	if (pthread_getcpuclockid(ts, &cs) || pthread_getcpuclockid(tb, &cb))
		PTS_FAILED("pthread_getcpuclockid(other thread) failed");
	if (cs == cb || cs == self || cb == self)
		PTS_FAILED("clock IDs of different threads are equal");
	s0 = pts_now(cs);
	b0 = pts_now(cb);
	if (write(go[1], "x", 1) != 1 || read(done[0], &x, 1) != 1)
		PTS_UNRES("pipe i/o: %m");
	s1 = pts_now(cs);
	b1 = pts_now(cb);
	if (write(stop[1], "xx", 2) != 2)
		PTS_UNRES("write(): %m");
	pthread_join(ts, NULL);
	pthread_join(tb, NULL);
	if (s1 - s0 < PTS_NSEC / 10 || b1 - b0 >= PTS_NSEC / 20)
		PTS_FAILED("spinner's clock +%lld ns, blocked thread's +%lld ns", s1 - s0,
			   b1 - b0);
	PTS_PASSED("own clock is CLOCK_THREAD_CPUTIME_ID, other threads' clocks are their own");
}
