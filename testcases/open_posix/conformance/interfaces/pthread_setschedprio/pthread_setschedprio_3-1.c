// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_setschedprio(): "If successful, the pthread_setschedprio()
 * function shall return zero" - also for a thread blocked on a
 * PRIO_INHERIT mutex, whose new priority the kernel carries over to the
 * mutex owner at once (the PI chain is adjusted). A SCHED_FIFO 10 owner
 * sleeps in read() holding the mutex while a FIFO 15 waiter sleeps in
 * FUTEX_LOCK_PI: the owner runs at 15 (/proc priority -16); the
 * waiter's setschedprio(25) returns 0 and the owner runs at 25 (-26),
 * setschedprio(12) returns 0 and the owner is at 12 (-13), the waiter
 * reading FIFO 12 from pthread_getschedparam(). After the owner's
 * unlock it is back at 10 (-11), and the waiter gets the mutex.
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_pi.h"

static pthread_mutex_t m;
static int p[2];
static volatile int owner_tid, waiter_tid, locked;

static void *owner(void *arg)
{
	char c;

	(void)arg;
	owner_tid = pts_gettid();
	pthread_mutex_lock(&m);
	__atomic_store_n(&locked, 1, __ATOMIC_RELEASE);
	if (read(p[0], &c, 1) != 1)
		return (void *)1L;
	pthread_mutex_unlock(&m);
	if (read(p[0], &c, 1) != 1)	/* stays for main to read it */
		return (void *)1L;
	return NULL;
}

static void *waiter(void *arg)
{
	(void)arg;
	waiter_tid = pts_gettid();
	if (pthread_mutex_lock(&m))
		return (void *)1L;
	pthread_mutex_unlock(&m);
	return NULL;
}

/* wait, bounded, for the owner's /proc priority to become want */
static void owner_at(long long want, const char *when)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	long long pr;

	while ((pr = pts_task_stat(owner_tid, 18)) != want) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("%s: the owner's priority is %lld, expected %lld",
				   when, pr, want);
		pts_nap();
	}
}

int main(void)
{
	struct sched_param sp;
	pthread_t o, w;
	int pol;

	pts_need_sched_fifo();
	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pts_pi_mutex_init(&m, 0);
	pts_fifo_self(50);
	pts_fifo_thread(&o, owner, 10);
	pts_wait_flag(&locked, "the owner's lock");
	pts_wait_in_syscall(owner_tid, SYS_read);
	owner_at(-11, "owner alone");
	pts_fifo_thread(&w, waiter, 15);
	pts_wait_flag(&waiter_tid, "the waiter to start");
	pts_wait_in_syscall(waiter_tid, SYS_futex);
	owner_at(-16, "FIFO 15 waiter");
	PTS_EXPECT_ERR(pthread_setschedprio(w, 25), 0, "setschedprio(waiter, 25)");
	owner_at(-26, "waiter raised to 25");
	PTS_EXPECT_ERR(pthread_setschedprio(w, 12), 0, "setschedprio(waiter, 12)");
	owner_at(-13, "waiter lowered to 12");
	if (pthread_getschedparam(w, &pol, &sp) || pol != SCHED_FIFO ||
	    sp.sched_priority != 12)
		PTS_FAILED("the waiter reads %d/%d, expected FIFO 12", pol,
			   sp.sched_priority);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	if (pts_join_long(w))
		PTS_FAILED("the waiter's lock failed");
	owner_at(-11, "after the unlock");
	if (write(p[1], "x", 1) != 1 || pts_join_long(o))
		PTS_UNRES("the owner failed");
	PTS_PASSED("0 each time; the PI owner followed the waiter to 25 and 12, 10 after");
}
