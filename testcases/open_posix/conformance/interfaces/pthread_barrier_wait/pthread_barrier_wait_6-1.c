// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_barrier_wait(): "These functions shall not return an error
 * code of [EINTR]" - a stop and continue is no reason to leave the
 * wait either. A child process waiting at a count-2 PROCESS_SHARED
 * barrier in MAP_SHARED memory (asleep in futex) is stopped (state T)
 * and continued three times; each time it is asleep in the kernel
 * again (futex or restart_syscall) and has not returned. The parent's
 * arrival then releases it: one of the two returns
 * PTHREAD_BARRIER_SERIAL_THREAD, the other 0.
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_j19.h"

struct sh {
	pthread_barrier_t b;
	int ret, returned;
};

int main(void)
{
	pthread_barrierattr_t a;
	struct sh *s;
	int i, r;
	pid_t pid;

	s = pts_j19_shared(sizeof(*s));
	pthread_barrierattr_init(&a);
	pthread_barrierattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	if (pthread_barrier_init(&s->b, &a, 2))
		PTS_UNRES("pthread_barrier_init()");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	pts_j19_kill_at_exit(pid);
	if (!pid) {
		s->ret = pthread_barrier_wait(&s->b);
		__atomic_store_n(&s->returned, 1, __ATOMIC_RELEASE);
		_exit(0);
	}
	pts_wait_in_syscall(pid, SYS_futex);
	for (i = 0; i < 3; i++) {
		kill(pid, SIGSTOP);
		pts_wait_task_state(pid, "T");
		kill(pid, SIGCONT);
		pts_wait_in_either(pid, SYS_futex, SYS_restart_syscall);
		if (__atomic_load_n(&s->returned, __ATOMIC_ACQUIRE))
			PTS_FAILED("the wait returned %d after stop/continue #%d",
				   s->ret, i + 1);
	}
	r = pthread_barrier_wait(&s->b);
	pts_reap_bounded(pid, "the waiting process");
	if (!s->returned)
		PTS_FAILED("the child's wait never returned");
	if (!((r == 0 && s->ret == PTHREAD_BARRIER_SERIAL_THREAD) ||
	      (s->ret == 0 && r == PTHREAD_BARRIER_SERIAL_THREAD)))
		PTS_FAILED("the waits returned %d and %d", r, s->ret);
	PTS_PASSED("the waiter slept on through 3 stops and continues; one SERIAL, one 0");
}
