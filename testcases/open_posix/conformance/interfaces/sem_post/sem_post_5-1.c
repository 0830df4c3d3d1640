// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_post() is not interrupted by signals: it completes whatever
 * signals arrive. A child floods this process with SIGUSR1 (caught, no
 * SA_RESTART); once the first one has been handled, this process posts
 * a pshared semaphore until it has made 200,000 posts and handled at
 * least 100 more signals meanwhile (bounded): every post returns 0; then
 * exactly that many trywaits succeed, each returning 0, the next fails
 * with [EAGAIN] and the value is 0 (no post lost or doubled).
 */
#include "pts_mqsem.h"

#define N 200000
#define SIGS 100

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
	long long end;
	long i, posts;
	int h0, during, err = 0;

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
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!handled && pts_now(CLOCK_MONOTONIC) < end)
		;
	h0 = handled;
	for (posts = 0; posts < N || handled - h0 < SIGS; posts++) {
		if (sem_post(s) && !err)
			err = errno;
		if (!(posts & 1023) && pts_now(CLOCK_MONOTONIC) > end)
			break;
	}
	during = handled - h0;
	for (i = 0; i < posts; i++)
		if (sem_trywait(s) && !err)
			err = errno;
	__atomic_store_n(stop, 1, __ATOMIC_RELEASE);
	waitpid(pid, NULL, 0);
	if (err)
		PTS_FAILED("a post or a trywait failed: %s", strerrorname_np(err));
	PTS_EXPECT_ERRNO(sem_trywait(s), EAGAIN, "one take more than the posts");
	pts_sem_expect(s, 0, "after the posts and takes");
	printf("%ld posts, %d signals handled during them\n", posts, during);
	if (!h0 || during < SIGS)
		PTS_UNRES("only %d signals arrived during the posts", during);
	PTS_PASSED("every post completed under a flood of signals");
}
