// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_spin_init() leaves the lock unlocked whatever the memory held
 * before (here every byte 0xff), for PTHREAD_PROCESS_PRIVATE and
 * PTHREAD_PROCESS_SHARED; pthread_spin_destroy() of an unlocked lock
 * returns 0 and the object can be initialised again. A SHARED lock in a
 * MAP_SHARED mapping excludes a forked child while the parent holds it
 * (trylock [EBUSY]) and is free to it after the parent's unlock.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	pthread_spinlock_t *s;
	int pshared[2] = { PTHREAD_PROCESS_PRIVATE, PTHREAD_PROCESS_SHARED };
	int i, err, p[2], q[2], status;
	pid_t pid;
	char c;

	s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED || pipe(p) || pipe(q))
		PTS_UNRES("set-up: %s", strerror(errno));
	for (i = 0; i < 2; i++) {
		memset((void *)s, 0xff, sizeof(*s));
		if (pthread_spin_init(s, pshared[i]))
			PTS_FAILED("pthread_spin_init(%d) failed", pshared[i]);
		err = pthread_spin_trylock(s);
		if (err)
			PTS_FAILED("pshared %d: not unlocked after init (%d)",
				   pshared[i], err);
		err = pthread_spin_trylock(s);
		if (err != EBUSY)
			PTS_FAILED("pshared %d: second trylock returned %d",
				   pshared[i], err);
		pthread_spin_unlock(s);
		if (pthread_spin_destroy(s))
			PTS_FAILED("pthread_spin_destroy() of an unlocked lock failed");
	}
	if (pthread_spin_init(s, PTHREAD_PROCESS_SHARED) || pthread_spin_lock(s))
		PTS_UNRES("re-initialised lock not taken");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		err = pthread_spin_trylock(s);
		if (write(q[1], "x", 1) != 1 || read(p[0], &c, 1) != 1)
			_exit(3);
		if (err != EBUSY)
			_exit(1);
		_exit(pthread_spin_trylock(s) ? 2 : 0);
	}
	if (read(q[0], &c, 1) != 1)
		PTS_UNRES("read(): %s", strerror(errno));
	pthread_spin_unlock(s);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("child did not exit");
	if (WEXITSTATUS(status) == 1)
		PTS_FAILED("child's trylock of the parent's SHARED lock not EBUSY");
	if (WEXITSTATUS(status) == 2)
		PTS_FAILED("child could not take the SHARED lock after the unlock");
	if (WEXITSTATUS(status))
		PTS_UNRES("child exited %d", WEXITSTATUS(status));
	if (pthread_spin_trylock(s) != EBUSY)
		PTS_FAILED("the child's lock is not seen by the parent");
	PTS_PASSED("initialised unlocked over garbage (PRIVATE, SHARED), destroy and re-init, SHARED across fork");
}
