// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_kill(): "No signal shall be sent if the pthread_kill()
 * function fails." With sig -1, SIGRTMAX + 1 and 65 (invalid) to a live
 * thread blocking every signal: [EINVAL] returned each time and nothing
 * pending for the thread or the process afterwards (SigPnd, ShdPnd).
 */
#include <pthread.h>

#include "pts_sigkit.h"

static volatile int tid;
static int fds[2];

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
	int bad[] = { -1, SIGRTMAX + 1, 65 };
	unsigned int i;
	sigset_t all;
	pthread_t t;

	if (pipe(fds))
		PTS_UNRES("pipe(): %s", strerror(errno));
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pts_wait_flag(&tid, "the thread's id");
	pts_wait_in_syscall(tid, SYS_read);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		PTS_EXPECT_ERR(pthread_kill(t, bad[i]), EINVAL, "pthread_kill(bad sig)");
	if (pts_task_mask(getpid(), tid, "SigPnd") ||
	    pts_task_mask(getpid(), tid, "ShdPnd"))
		PTS_FAILED("a signal is pending after a failed pthread_kill()");
	if (write(fds[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	pthread_join(t, NULL);
	PTS_PASSED("EINVAL for -1, SIGRTMAX + 1, 65; nothing sent");
}
