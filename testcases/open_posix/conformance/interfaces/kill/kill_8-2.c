// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill(): when the signal is for the sending process, it is not blocked
 * for the calling thread and no other thread has it unblocked (or waits
 * for it in sigwait()), it is delivered to the sending thread before
 * kill() returns. Main, with SIGUSR1 unblocked, and a second thread
 * blocking it (asleep in read()): after kill(getpid(), SIGUSR1) returns
 * the handler has run once, in main.
 */
#include <pthread.h>

#include "pts_sigkit.h"

static volatile sig_atomic_t ran;
static volatile int tid;
static pthread_t in;
static int fds[2];

static void handler(int sig)
{
	(void)sig;
	in = pthread_self();
	ran++;
}

static void *thread(void *arg)
{
	char c;

	(void)arg;
	__atomic_store_n(&tid, pts_gettid(), __ATOMIC_RELEASE);
	return (void *)(long)read(fds[0], &c, 1);
}

int main(void)
{
	pthread_t t;
	int r;

	pts_catch(SIGUSR1, handler, 0);
	if (pipe(fds))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pts_mask1(SIG_BLOCK, SIGUSR1);
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pts_mask1(SIG_UNBLOCK, SIGUSR1);
	pts_wait_flag(&tid, "the thread's id");
	pts_wait_in_syscall(tid, SYS_read);
	r = kill(getpid(), SIGUSR1);
	if (r || ran != 1 || !pthread_equal(in, pthread_self()))
		PTS_FAILED("kill() %d, %d handler runs before it returned, in main %d",
			   r, (int)ran, ran && pthread_equal(in, pthread_self()));
	if (write(fds[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	pthread_join(t, NULL);
	PTS_PASSED("delivered to the sending thread before kill() returned");
}
