// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_create(): [EPERM] "The caller does not have appropriate
 * privileges to set the required scheduling parameters or scheduling
 * policy." As nobody with RLIMIT_RTPRIO 10 (set while still root, so
 * the unprivileged process may use SCHED_FIFO up to 10), a thread with
 * PTHREAD_EXPLICIT_SCHED SCHED_FIFO 10 is created and runs at that
 * priority (pthread_getschedparam() and the kernel agree), while SCHED_FIFO
 * 11 gives EPERM and its start routine never runs.
 */
#include <pthread.h>
#include <sched.h>

#include "pts_helpers.h"

static volatile int ran;
static volatile long long kprio;
/* The thread stays until its scheduling is read: once it ends, its
 * kernel task is gone and pthread_getschedparam() has nothing to ask. */
static int gate[2];

static void *start(void *arg)
{
	char c;

	(void)arg;
	ran++;
	kprio = pts_task_stat(pts_gettid(), 18);
	if (read(gate[0], &c, 1) != 1)
		return NULL;
	return NULL;
}

static int create_fifo(int prio, pthread_t *t)
{
	struct sched_param sp = { .sched_priority = prio };
	pthread_attr_t a;

	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_FIFO);
	pthread_attr_setschedparam(&a, &sp);
	return pthread_create(t, &a, start, NULL);
}

static int child(void)
{
	struct sched_param sp;
	pthread_t t;
	int err, pol;

	if (pipe(gate))
		PTS_UNRES("pipe(): %s", strerror(errno));
	err = create_fifo(11, &t);
	if (err != EPERM)
		PTS_FAILED("SCHED_FIFO 11 over RLIMIT_RTPRIO 10 returned %d, expected EPERM",
			   err);
	if (ran)
		PTS_FAILED("the start routine ran although creation failed");
	err = create_fifo(10, &t);
	if (err)
		PTS_FAILED("SCHED_FIFO 10 within RLIMIT_RTPRIO 10 returned %s",
			   strerrorname_np(err));
	err = pthread_getschedparam(t, &pol, &sp);
	if (write(gate[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	pthread_join(t, NULL);
	if (err)
		PTS_FAILED("pthread_getschedparam(): %s", strerrorname_np(err));
	if (pol != SCHED_FIFO || sp.sched_priority != 10)
		PTS_FAILED("the thread's policy %d priority %d, expected FIFO 10",
			   pol, sp.sched_priority);
	if (ran != 1 || kprio != -11)
		PTS_FAILED("the thread ran %d times at kernel priority %lld, expected once at -11",
			   ran, kprio);
	printf("nobody, RLIMIT_RTPRIO 10: FIFO 11 EPERM, FIFO 10 created\n");
	return PTS_PASS;
}

int main(void)
{
	struct rlimit rl = { 10, 10 };

	if (getuid())
		PTS_UNSUPP("needs root to set RLIMIT_RTPRIO and become nobody");
	if (setrlimit(RLIMIT_RTPRIO, &rl))
		PTS_UNRES("setrlimit(RLIMIT_RTPRIO): %s", strerror(errno));
	pts_run_as_nobody(child, "nobody child");
	PTS_PASSED("EPERM beyond the caller's RT permission, success within it");
}
