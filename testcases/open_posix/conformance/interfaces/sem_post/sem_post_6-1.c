// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_post() may be called from a signal-catching function. This
 * process blocks in sem_wait() on a semaphore at 0; another process
 * sends SIGUSR1 once it sleeps in futex, and the handler (SA_RESTART)
 * posts that very semaphore: sem_wait() returns 0 (the restarted wait
 * finds the post, or EINTR is reported if it was not restarted: either
 * way the handler's post is there), and the value ends at 0.
 */
#include <sys/syscall.h>

#include "pts_mqsem.h"

static sem_t s;
static volatile int post_ret = -2;

static void h(int sig)
{
	(void)sig;
	post_ret = sem_post(&s);
}

int main(void)
{
	struct sigaction sa = { .sa_handler = h, .sa_flags = SA_RESTART };
	pid_t pid;
	int r;

	if (sem_init(&s, 0, 0))
		PTS_UNRES("sem_init(): %m");
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	pid = pts_signal_when_blocked(getpid(), SYS_futex, SIGUSR1);
	r = sem_wait(&s);
	pts_reap(pid, "signalling child");
	if (post_ret != 0)
		PTS_FAILED("sem_post() in the handler returned %d", post_ret);
	if (r != 0) {
		if (errno != EINTR)
			PTS_FAILED("sem_wait(): %m");
		printf("sem_wait() was not restarted (EINTR)\n");
		if (sem_trywait(&s))
			PTS_FAILED("the handler's post is missing");
	}
	pts_sem_expect(&s, 0, "after the wait");
	PTS_PASSED("a post made in a signal handler released the interrupted wait");
}
