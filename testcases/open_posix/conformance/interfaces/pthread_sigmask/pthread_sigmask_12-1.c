// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_sigmask(): "If pthread_sigmask() fails, the thread's signal
 * mask shall not be changed", and the error is [EINVAL] when how is not
 * one of SIG_BLOCK, SIG_UNBLOCK, SIG_SETMASK. A thread blocking SIGUSR1
 * and SIGRTMIN calls it with how values -1, 3 and 1000 and a set of
 * every signal (with oset given): each returns EINVAL, the mask the
 * kernel keeps for the thread (SigBlk of /proc/PID/task/TID/status) is
 * exactly as before, oset was not written, and a SIGUSR2 sent to the
 * thread afterwards is delivered (it was never blocked).
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_sigkit.h"

static volatile int got_usr2;

static void handler(int sig)
{
	(void)sig;
	got_usr2 = 1;
}

static void *fn(void *arg)
{
	static const int bad[] = { -1, 3, 1000 };
	unsigned long long before, after;
	sigset_t all, old, mark;
	unsigned int i;
	int err;

	(void)arg;
	pts_mask1(SIG_BLOCK, SIGUSR1);
	pts_mask1(SIG_BLOCK, SIGRTMIN);
	before = pts_task_mask(getpid(), pts_gettid(), "SigBlk");
	sigfillset(&all);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		sigemptyset(&mark);
		sigaddset(&mark, SIGHUP);
		old = mark;
		err = pthread_sigmask(bad[i], &all, &old);
		after = pts_task_mask(getpid(), pts_gettid(), "SigBlk");
		if (err != EINVAL) {
			printf("how %d returned %s, expected EINVAL\n", bad[i],
			       err ? strerrorname_np(err) : "0");
			return (void *)1L;
		}
		if (after != before) {
			printf("how %d: SigBlk %llx, was %llx\n", bad[i], after,
			       before);
			return (void *)1L;
		}
		if (memcmp(&old, &mark, sizeof(old))) {
			printf("how %d: oset written by the failed call\n", bad[i]);
			return (void *)1L;
		}
	}
	pthread_kill(pthread_self(), SIGUSR2);
	return (void *)(long)(got_usr2 ? 0 : 2);
}

int main(void)
{
	pthread_t t;
	long r;

	pts_catch(SIGUSR2, handler, 0);
	pthread_create(&t, NULL, fn, NULL);
	r = pts_join_long(t);
	if (r == 1)
		PTS_FAILED("a failed pthread_sigmask() changed something");
	if (r == 2)
		PTS_FAILED("SIGUSR2 was blocked after the failed calls");
	PTS_PASSED("EINVAL for bad how values, the mask and oset unchanged");
}
