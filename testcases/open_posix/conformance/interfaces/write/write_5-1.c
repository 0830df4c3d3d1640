// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * write() to a pipe with no reader fails with [EPIPE]; "A SIGPIPE
 * signal shall also be sent to the thread." The write is made by a
 * second thread: with SIGPIPE blocked it returns -1 EPIPE and SIGPIPE
 * is then pending for that thread (its SigPnd in /proc), not for the
 * process (ShdPnd) nor for the main thread; with SIGPIPE caught the
 * handler has run once, in the writing thread, by the time write()
 * returns -1 EPIPE. Nothing is written either time.
 */
#include <pthread.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

static int wfd, hold[2];
static volatile int handled, handler_tid, wrote;
static volatile long ret, err, tid, ran_before;

static void on_pipe(int sig)
{
	(void)sig;
	handled++;
	handler_tid = pts_gettid();
}

static void *writer(void *arg)
{
	char c;

	(void)arg;
	tid = pts_gettid();
	errno = 0;
	ret = write(wfd, "lost", 4);
	err = errno;
	ran_before = handled;
	__atomic_store_n(&wrote, 1, __ATOMIC_RELEASE);
	/* stay alive until main has read this thread's pending set */
	if (read(hold[0], &c, 1) < 0)
		return NULL;
	return NULL;
}

static void run_writer(pthread_t *t)
{
	if (pthread_create(t, NULL, writer, NULL))
		PTS_UNRES("pthread_create() failed");
}

int main(void)
{
	unsigned long long thr, shd, mine;
	pthread_t t;
	sigset_t set;
	int p[2];

	if (pipe(p) || pipe(hold))
		PTS_UNRES("pipe(): %m");
	close(p[0]);
	wfd = p[1];

	/* blocked: pending for the writing thread only */
	pts_mask1(SIG_BLOCK, SIGPIPE);
	run_writer(&t);
	pts_wait_flag(&wrote, "the write");
	thr = pts_task_mask(getpid(), (pid_t)tid, "SigPnd");
	shd = pts_task_mask(getpid(), (pid_t)tid, "ShdPnd");
	if (write(hold[1], "g", 1) != 1)
		PTS_UNRES("write(hold): %m");
	pthread_join(t, NULL);
	mine = pts_task_mask(getpid(), pts_gettid(), "SigPnd");
	if (ret != -1 || err != EPIPE)
		PTS_FAILED("write() with SIGPIPE blocked: %ld, errno %ld; expected -1 EPIPE",
			   ret, err);
	if (!(thr & PTS_SIGBIT(SIGPIPE)) || (shd & PTS_SIGBIT(SIGPIPE)) ||
	    (mine & PTS_SIGBIT(SIGPIPE)))
		PTS_FAILED("SIGPIPE pending: writer %d, process %d, main %d; expected only the writer",
			   !!(thr & PTS_SIGBIT(SIGPIPE)), !!(shd & PTS_SIGBIT(SIGPIPE)),
			   !!(mine & PTS_SIGBIT(SIGPIPE)));
	sigpending(&set);
	if (sigismember(&set, SIGPIPE))
		PTS_FAILED("the writer's SIGPIPE is pending for the main thread");

	/* caught: the handler runs in the writer before write() returns */
	pts_catch(SIGPIPE, on_pipe, 0);
	pts_mask1(SIG_UNBLOCK, SIGPIPE);
	ret = 0;
	run_writer(&t);
	if (write(hold[1], "g", 1) != 1)
		PTS_UNRES("write(hold): %m");
	pthread_join(t, NULL);
	if (ret != -1 || err != EPIPE)
		PTS_FAILED("write() with SIGPIPE caught: %ld, errno %ld; expected -1 EPIPE",
			   ret, err);
	if (ran_before != 1 || handled != 1 || handler_tid != tid)
		PTS_FAILED("handler: %d run(s) by the return %ld, in thread %d (writer %ld)",
			   handled, ran_before, handler_tid, tid);
	PTS_PASSED("EPIPE; SIGPIPE sent to the writing thread, pending there when blocked, handled before the return");
}
