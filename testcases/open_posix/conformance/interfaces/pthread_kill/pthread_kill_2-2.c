// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_kill(): with sig 0 "error checking shall be performed but no
 * signal shall actually be sent". To a live thread that blocks every
 * signal: 0 returned, its handler never runs, and the kernel shows
 * nothing pending for the thread (SigPnd) or the process (ShdPnd).
 */
#include <pthread.h>

#include "pts_sigkit.h"

static volatile sig_atomic_t ran;
static volatile int tid;
static int fds[2];

static void handler(int sig)
{
	(void)sig;
	ran = 1;
}

static void *thread(void *arg)
{
	char c;

	(void)arg;
	__atomic_store_n(&tid, pts_gettid(), __ATOMIC_RELEASE);
	if (read(fds[0], &c, 1) != 1)
		return (void *)1;
	return NULL;
}

int main(void)
{
	sigset_t all;
	pthread_t t;
	void *ret;
	int e;

	pts_catch(SIGUSR1, handler, 0);
	if (pipe(fds))
		PTS_UNRES("pipe(): %s", strerror(errno));
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pts_wait_flag(&tid, "the thread's id");
	pts_wait_in_syscall(tid, SYS_read);
	e = pthread_kill(t, 0);
	if (e)
		PTS_FAILED("pthread_kill(t, 0) returned %d", e);
	if (pts_task_mask(getpid(), tid, "SigPnd") ||
	    pts_task_mask(getpid(), tid, "ShdPnd"))
		PTS_FAILED("a signal is pending after pthread_kill(t, 0)");
	if (write(fds[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	pthread_join(t, &ret);
	if (ret)
		PTS_UNRES("the thread's read() failed");
	if (ran)
		PTS_FAILED("a handler ran after pthread_kill(t, 0)");
	PTS_PASSED("signal 0: 0 returned, nothing pending, nothing delivered");
}
