// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A robust, process-shared mutex (PTHREAD_PROCESS_SHARED in a MAP_SHARED
 * mapping): a child process locks it and is killed with SIGKILL; the
 * kernel walks the dead task's robust list and the parent's lock
 * returns EOWNERDEAD. Meanwhile a blocked waiter (a second child, already
 * sleeping in the futex wait) is woken with EOWNERDEAD rather than left
 * blocked. Default and priority-inheritance protocols.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static void one(int proto, const char *name)
{
	pthread_mutexattr_t a;
	pthread_mutex_t *m;
	int ready[2], status;
	pid_t holder, waiter;
	char c;

	m = mmap(NULL, sizeof(*m), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED || pipe(ready))
		PTS_UNRES("mmap/pipe: %m");
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutexattr_setprotocol(&a, proto);
	if (pthread_mutex_init(m, &a))
		PTS_UNRES("%s: pthread_mutex_init() failed", name);
	fflush(stdout);
	holder = fork();
	if (!holder) {
		pthread_mutex_lock(m);
		c = 'l';
		if (write(ready[1], &c, 1) != 1)
			_exit(2);
		for (;;)
			pause();
	}
	if (read(ready[0], &c, 1) != 1)
		PTS_UNRES("holder did not lock");
	waiter = fork();
	if (!waiter) {
		int r = pthread_mutex_lock(m);

		if (r != EOWNERDEAD)
			_exit(PTS_FAIL);
		pthread_mutex_consistent(m);
		pthread_mutex_unlock(m);
		_exit(PTS_PASS);
	}
	pts_wait_in_syscall(waiter, SYS_futex);
	kill(holder, SIGKILL);
	waitpid(holder, &status, 0);
	pts_reap(waiter, "blocked waiter (expects EOWNERDEAD)");
	PTS_EXPECT_ERR(pthread_mutex_lock(m), 0, name);
	pthread_mutex_unlock(m);
	munmap(m, sizeof(*m));
	close(ready[0]);
	close(ready[1]);
}

int main(void)
{
	one(PTHREAD_PRIO_NONE, "robust pshared");
	one(PTHREAD_PRIO_INHERIT, "robust pshared PI");
	PTS_PASSED("owner killed: a blocked waiter woke with EOWNERDEAD");
}
