// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_kill() delivers the signal to the given thread: of two threads
 * blocked in read() on empty pipes, the target's read() fails with EINTR
 * (the caught SIGUSR1 has no SA_RESTART) with the handler run in it,
 * while the other thread stays asleep in read() and later gets its data.
 */
#include <pthread.h>

#include "pts_sigkit.h"

struct reader {
	int fds[2];
	volatile int tid;
	ssize_t ret;
	int err;
};

static struct reader r[2];
static pthread_t in_thread;
static volatile sig_atomic_t ran;

static void handler(int sig)
{
	(void)sig;
	in_thread = pthread_self();
	ran++;
}

static void *thread(void *arg)
{
	struct reader *rd = arg;
	char c;

	pts_mask1(SIG_UNBLOCK, SIGUSR1);
	__atomic_store_n(&rd->tid, pts_gettid(), __ATOMIC_RELEASE);
	rd->ret = read(rd->fds[0], &c, 1);
	rd->err = errno;
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	int i, e;

	pts_catch(SIGUSR1, handler, 0);
	pts_mask1(SIG_BLOCK, SIGUSR1);	/* only the readers unblock it */
	for (i = 0; i < 2; i++) {
		if (pipe(r[i].fds))
			PTS_UNRES("pipe(): %s", strerror(errno));
	}
	for (i = 0; i < 2; i++) {
		if (pthread_create(&t[i], NULL, thread, &r[i]))
			PTS_UNRES("pthread_create() failed");
	}
	for (i = 0; i < 2; i++) {
		pts_wait_flag(&r[i].tid, "a reader's id");
		pts_wait_in_syscall(r[i].tid, SYS_read);
	}
	e = pthread_kill(t[0], SIGUSR1);
	if (e)
		PTS_FAILED("pthread_kill() returned %d", e);
	pthread_join(t[0], NULL);
	if (r[0].ret != -1 || r[0].err != EINTR)
		PTS_FAILED("target's read() returned %zd (%s), expected EINTR",
			   r[0].ret, strerror(r[0].err));
	if (ran != 1 || !pthread_equal(in_thread, t[0]))
		PTS_FAILED("handler runs %d, in the target: %d", (int)ran,
			   pthread_equal(in_thread, t[0]) != 0);
	pts_wait_in_syscall(r[1].tid, SYS_read);
	if (write(r[1].fds[1], "y", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	pthread_join(t[1], NULL);
	if (r[1].ret != 1)
		PTS_FAILED("the other reader's read() returned %zd (%s)",
			   r[1].ret, strerror(r[1].err));
	PTS_PASSED("the target's read() EINTR with the handler in it; the other slept on");
}
