// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The interval timers belong to the process, not to a thread: an
 * ITIMER_REAL and an ITIMER_PROF armed by a second thread (100 s, interval
 * 7 s / 50 s, interval 3 s) are read by main's getitimer() with those
 * intervals and a time left in (0, value] (for ITIMER_PROF up to 10 ms
 * more: the kernel's tick rounding, printed); main's disarm of ITIMER_REAL
 * (and the old value it returns, the thread's setting) is then what the
 * thread's getitimer() reads, while ITIMER_PROF stays armed for both.
 */
#include <pthread.h>
#include <sys/time.h>

#include "pts_helpers.h"

static struct itimerval real_seen, prof_seen;
static int phase;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;

static void wait_phase(int p)
{
	pthread_mutex_lock(&m);
	while (phase < p)
		pthread_cond_wait(&c, &m);
	pthread_mutex_unlock(&m);
}

static void set_phase(int p)
{
	pthread_mutex_lock(&m);
	phase = p;
	pthread_cond_broadcast(&c);
	pthread_mutex_unlock(&m);
}

static void *thread(void *arg)
{
	struct itimerval r = { { 7, 0 }, { 100, 0 } }, p = { { 3, 0 }, { 50, 0 } };

	(void)arg;
	if (setitimer(ITIMER_REAL, &r, NULL) || setitimer(ITIMER_PROF, &p, NULL))
		return (void *)1;
	set_phase(1);
	wait_phase(2);
	getitimer(ITIMER_REAL, &real_seen);
	getitimer(ITIMER_PROF, &prof_seen);
	return NULL;
}

/*
 * The time left is in (0, value]; a CPU-time timer's value is rounded up
 * by the kernel to its tick (Linux adds one tick on setting: at most
 * 10 ms for HZ >= 100), so slack_us is allowed above the value for those.
 */
static void in_range(const struct itimerval *v, long isec, long vsec,
		     long slack_us, const char *what)
{
	long long us = v->it_value.tv_sec * 1000000LL + v->it_value.tv_usec;

	if (v->it_interval.tv_sec != isec || v->it_interval.tv_usec ||
	    us <= 0 || us > vsec * 1000000LL + slack_us)
		PTS_FAILED("%s: interval %ld.%06ld value %ld.%06ld; expected %ld s and (0, %ld s]",
			   what, (long)v->it_interval.tv_sec,
			   (long)v->it_interval.tv_usec, (long)v->it_value.tv_sec,
			   (long)v->it_value.tv_usec, isec, vsec);
	if (us > vsec * 1000000LL)
		printf("INFO: %s: %lld us above the value set (tick rounding)\n",
		       what, us - vsec * 1000000LL);
}

int main(void)
{
	struct itimerval cur, zero = { { 0, 0 }, { 0, 0 } }, old;
	pthread_t t;
	void *ret;

	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create()");
	wait_phase(1);
	getitimer(ITIMER_REAL, &cur);
	in_range(&cur, 7, 100, 0, "main reading the thread's ITIMER_REAL");
	getitimer(ITIMER_PROF, &cur);
	in_range(&cur, 3, 50, 10000, "main reading the thread's ITIMER_PROF");
	if (setitimer(ITIMER_REAL, &zero, &old))
		PTS_UNRES("setitimer(): %m");
	in_range(&old, 7, 100, 0, "old value returned to main");
	set_phase(2);
	pthread_join(t, &ret);
	if (ret)
		PTS_UNRES("setitimer() in the thread failed");
	if (real_seen.it_value.tv_sec || real_seen.it_value.tv_usec ||
	    real_seen.it_interval.tv_sec || real_seen.it_interval.tv_usec)
		PTS_FAILED("the thread reads ITIMER_REAL %ld.%06ld / %ld.%06ld after main disarmed it",
			   (long)real_seen.it_value.tv_sec,
			   (long)real_seen.it_value.tv_usec,
			   (long)real_seen.it_interval.tv_sec,
			   (long)real_seen.it_interval.tv_usec);
	in_range(&prof_seen, 3, 50, 10000, "the thread's ITIMER_PROF at the end");
	setitimer(ITIMER_PROF, &zero, NULL);
	PTS_PASSED("itimers are per process: set by a thread, read and disarmed by main");
}
