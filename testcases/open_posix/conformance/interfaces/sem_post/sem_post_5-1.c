// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_post() is not interrupted by signals: it completes whatever
 * signals arrive. A child floods this process with SIGUSR1 (caught, no
 * SA_RESTART) while it makes 200,000 posts and 200,000 trywaits on a
 * pshared semaphore: every call returns 0, at least one signal was
 * handled during the loop, and the value ends exactly at 0 (no post or
 * take lost or doubled).
 */
#include "pts_mqsem.h"

#define N 200000

static volatile sig_atomic_t handled;

static void h(int sig)
{
	(void)sig;
	handled++;
}

int main(void)
{
	struct sigaction sa = { .sa_handler = h };
	volatile int *stop = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
				  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	sem_t *s = pts_shared_sem(0);
	pid_t me = getpid(), pid;
	int i, got, err = 0;

	if (stop == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		while (!__atomic_load_n(stop, __ATOMIC_ACQUIRE))
			kill(me, SIGUSR1);
		_exit(0);
	}
	for (i = 0; i < N; i++)
		if (sem_post(s) && !err)
			err = errno;
	got = handled;
	for (i = 0; i < N; i++)
		if (sem_trywait(s) && !err)
			err = errno;
	__atomic_store_n(stop, 1, __ATOMIC_RELEASE);
	waitpid(pid, NULL, 0);
	if (err)
		PTS_FAILED("a post or a trywait failed: %s", strerrorname_np(err));
	pts_sem_expect(s, 0, "after N posts and N takes");
	printf("%d signals handled during the posts, %d in all\n", got,
	       (int)handled);
	if (!handled)
		PTS_UNRES("no signal arrived during the loops");
	PTS_PASSED("200,000 posts completed under a flood of signals");
}
