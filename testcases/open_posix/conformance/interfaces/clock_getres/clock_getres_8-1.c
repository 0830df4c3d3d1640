// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CPU-time clocks of threads: the clock ID pthread_getcpuclockid()
 * returns is supported (clock_getres() 0, a resolution in (0, 1 s]),
 * and clock_gettime() of it is "the amount of execution time of the
 * thread associated with the clock". A second thread spins 200 ms of
 * its own CLOCK_THREAD_CPUTIME_ID, reports its last reading and blocks
 * on a pipe: read by main through the ID, its clock is at least that
 * reading, stands still while it blocks (two reads equal), and the
 * process clock read afterwards is at least main's own thread clock
 * plus the other thread's (the process's time includes both).
 */
#include <pthread.h>

#include "pts_helpers.h"

static int rep[2], go[2];
static volatile int tid;

static void *spin(void *arg)
{
	long long now;
	char c;

	(void)arg;
	tid = pts_gettid();
	while ((now = pts_now(CLOCK_THREAD_CPUTIME_ID)) < 200000000LL)
		;
	if (write(rep[1], &now, sizeof(now)) != sizeof(now))
		return NULL;
	if (read(go[0], &c, 1) < 0)
		return NULL;
	return NULL;
}

int main(void)
{
	struct timespec res, x, y;
	long long last, mine, proc;
	pthread_t t;
	clockid_t c;

	if (pipe(rep) || pipe(go))
		PTS_UNRES("pipe(): %m");
	if (pthread_create(&t, NULL, spin, NULL))
		PTS_UNRES("pthread_create()");
	if (pthread_getcpuclockid(t, &c))
		PTS_UNRES("pthread_getcpuclockid()");
	if (clock_getres(c, &res) || res.tv_sec < 0 || res.tv_nsec < 0 ||
	    pts_ts_ns(&res) == 0 || pts_ts_ns(&res) > PTS_NSEC)
		PTS_FAILED("clock_getres(thread clock): %m, %ld.%09ld",
			   (long)res.tv_sec, res.tv_nsec);
	if (read(rep[0], &last, sizeof(last)) != sizeof(last))
		PTS_UNRES("no report from the thread");
	/* asleep in read() on the empty pipe: its clock stands still */
	pts_wait_in_syscall(tid, SYS_read);
	if (clock_gettime(c, &x) || clock_gettime(c, &y))
		PTS_FAILED("clock_gettime(thread clock): %m");
	if (pts_ts_ns(&x) != pts_ts_ns(&y))
		PTS_FAILED("the blocked thread's clock moved: %lld, %lld",
			   pts_ts_ns(&x), pts_ts_ns(&y));
	mine = pts_now(CLOCK_THREAD_CPUTIME_ID);
	proc = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	if (pts_ts_ns(&x) < last)
		PTS_FAILED("thread clock %lld ns, below the thread's own %lld",
			   pts_ts_ns(&x), last);
	if (proc < mine + pts_ts_ns(&x))
		PTS_FAILED("process clock %lld below main %lld + thread %lld", proc,
			   mine, pts_ts_ns(&x));
	if (write(go[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	pthread_join(t, NULL);
	PTS_PASSED("thread clock %lld ns >= the thread's own reading", pts_ts_ns(&x));
}
