// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PTHREAD_PRIO_INHERIT with a SCHED_OTHER owner: the owner "shall
 * execute at the higher of its priority or the priority of the highest
 * priority thread waiting", so a SCHED_OTHER thread at nice 5 (/proc
 * priority 25) holding the mutex runs at the FIFO 20 priority of a
 * blocked waiter (-21) while it waits, and at priority 25 again, nice
 * still 5, once it has unlocked; its policy as pthread_getschedparam()
 * reports it stays SCHED_OTHER throughout (the boost is not a policy
 * change).
 */
#include <pthread.h>
#include <sys/resource.h>

#include "pts_helpers.h"
#include "pts_pi.h"

static pthread_mutex_t m;
static pthread_mutex_t go = PTHREAD_MUTEX_INITIALIZER;
static volatile pid_t owner_tid, waiter_tid;
static int has, unlocked, after_go;

static void *owner(void *arg)
{
	(void)arg;
	owner_tid = pts_gettid();
	if (setpriority(PRIO_PROCESS, owner_tid, 5))
		return (void *)1L;
	pthread_mutex_lock(&m);
	__atomic_store_n(&has, 1, __ATOMIC_RELEASE);
	pthread_mutex_lock(&go);	/* held by main until it has looked */
	pthread_mutex_unlock(&go);
	pthread_mutex_unlock(&m);
	__atomic_store_n(&unlocked, 1, __ATOMIC_RELEASE);
	/* stay alive, unboosted, until main has looked again */
	pts_wait_flag(&after_go, "main's last look");
	return NULL;
}

static void *waiter(void *arg)
{
	(void)arg;
	waiter_tid = pts_gettid();
	pthread_mutex_lock(&m);
	pthread_mutex_unlock(&m);
	return NULL;
}

static void expect(long long want, const char *when)
{
	long long pr = pts_task_stat(owner_tid, 18);

	if (pr != want)
		PTS_FAILED("owner's priority %lld %s, expected %lld", pr, when, want);
}

int main(void)
{
	struct sched_param p;
	pthread_t o, w;
	void *res;
	int pol;

	pts_need_sched_fifo();
	pts_pi_mutex_init(&m, 0);
	pthread_mutex_lock(&go);
	/* the owner is created before main turns FIFO: it is SCHED_OTHER */
	if (pthread_create(&o, NULL, owner, NULL))
		PTS_UNRES("pthread_create(): %m");
	pts_wait_flag(&has, "the owner's lock");
	/* main outranks both so that it can observe them */
	pts_fifo_self(30);
	expect(25, "before contention (nice 5)");
	pts_fifo_thread(&w, waiter, 20);
	while (!waiter_tid)
		pts_nap();
	pts_wait_in_syscall(waiter_tid, SYS_futex);
	expect(-21, "while a FIFO 20 thread waits");
	if (pthread_getschedparam(o, &pol, &p) || pol != SCHED_OTHER)
		PTS_FAILED("the boosted owner's policy reads %d, expected SCHED_OTHER",
			   pol);
	pthread_mutex_unlock(&go);
	pthread_join(w, NULL);
	pts_wait_flag(&unlocked, "the owner's unlock");
	expect(25, "after its unlock");
	errno = 0;
	if (getpriority(PRIO_PROCESS, owner_tid) != 5 || errno)
		PTS_FAILED("the owner's nice value is not 5 after the boost");
	__atomic_store_n(&after_go, 1, __ATOMIC_RELEASE);
	pthread_join(o, &res);
	if (res)
		PTS_UNRES("the owner could not set its nice value");
	PTS_PASSED("a SCHED_OTHER owner is boosted to the waiter's FIFO priority and back");
}
