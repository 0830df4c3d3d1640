// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_wait(): blocks while the value is zero and returns once another
 * process posts (an unnamed semaphore with pshared 1 in a MAP_SHARED
 * mapping, posted by a child after the parent sleeps in the futex wait);
 * [EINTR] "a signal interrupted this function": a caught signal (no
 * SA_RESTART) ends the wait with -1 EINTR, the value unchanged.
 */
#include <semaphore.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static void handler(int sig)
{
	(void)sig;
}

int main(void)
{
	struct sigaction sa;
	pid_t pid, parent = getpid();
	sem_t *s;
	int v, r;

	s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED || sem_init(s, 1, 0))
		PTS_UNRES("mmap/sem_init: %m");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		pts_wait_in_syscall(parent, SYS_futex);
		_exit(sem_post(s) ? PTS_UNRESOLVED : PTS_PASS);
	}
	if (sem_wait(s))
		PTS_FAILED("sem_wait(): %m");
	pts_reap(pid, "posting child");

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	pid = fork();
	if (!pid) {
		pts_wait_in_syscall(parent, SYS_futex);
		_exit(kill(parent, SIGUSR1) ? PTS_UNRESOLVED : PTS_PASS);
	}
	errno = 0;
	r = sem_wait(s);
	pts_reap(pid, "signalling child");
	if (r != -1 || errno != EINTR)
		PTS_FAILED("interrupted sem_wait() returned %d (%m), expected EINTR",
			   r);
	sem_getvalue(s, &v);
	if (v)
		PTS_FAILED("value %d after EINTR, expected 0", v);
	PTS_PASSED("woken by another process's post, EINTR on a signal");
}
