// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_init() with PTHREAD_PROCESS_SHARED: a mutex in a
 * MAP_SHARED mapping gives mutual exclusion between processes. The
 * parent holds it; a child's lock blocks (it sleeps in the futex wait,
 * its trylock first returned EBUSY) until the parent unlocks, and then
 * the child sees the store the parent made while holding it. The pshared
 * attribute reads back; an invalid value is refused with EINVAL.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_helpers.h"

struct shared {
	pthread_mutex_t m;
	int value;
};

int main(void)
{
	pthread_mutexattr_t a;
	struct shared *s;
	int ps;
	pid_t pid;

	s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setpshared(&a, 77) != EINVAL)
		PTS_FAILED("pshared 77 not refused with EINVAL");
	if (pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED))
		PTS_UNSUPP("process-shared mutexes not supported");
	pthread_mutexattr_getpshared(&a, &ps);
	if (ps != PTHREAD_PROCESS_SHARED)
		PTS_FAILED("getpshared read back %d", ps);
	pthread_mutex_init(&s->m, &a);
	pthread_mutex_lock(&s->m);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		if (pthread_mutex_trylock(&s->m) != EBUSY)
			_exit(PTS_FAIL);
		if (pthread_mutex_lock(&s->m))
			_exit(PTS_FAIL);
		_exit(s->value == 5 ? PTS_PASS : PTS_FAIL);
	}
	pts_wait_in_syscall(pid, SYS_futex);
	s->value = 5;
	pthread_mutex_unlock(&s->m);
	pts_reap(pid, "child locking the shared mutex");
	PTS_PASSED("process-shared mutex excluded and handed over");
}
