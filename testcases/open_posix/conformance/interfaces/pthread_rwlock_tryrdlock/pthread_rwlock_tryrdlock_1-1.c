// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_tryrdlock() applies a read lock like rdlock() but fails
 * at once with [EBUSY] where rdlock() would block: while another thread
 * (or process, for a PTHREAD_PROCESS_SHARED lock) holds the write lock.
 * It succeeds on a free lock and on one only read-held, and a thread may
 * hold it several times (each to be unlocked): after n tryrdlocks and
 * n - 1 unlocks a writer is still refused, after the n-th it gets in.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static volatile int res;

static void *try_rd(void *arg)
{
	(void)arg;
	res = pthread_rwlock_tryrdlock(&l);
	if (!res)
		pthread_rwlock_unlock(&l);
	return NULL;
}

static void *try_wr(void *arg)
{
	(void)arg;
	res = pthread_rwlock_trywrlock(&l);
	if (!res)
		pthread_rwlock_unlock(&l);
	return NULL;
}

static int other(void *(*fn)(void *))
{
	pthread_t t;

	res = -1;
	if (pthread_create(&t, NULL, fn, NULL))
		PTS_UNRES("pthread_create() failed");
	pthread_join(t, NULL);
	return res;
}

int main(void)
{
	pthread_rwlockattr_t a;
	pthread_rwlock_t *sl;
	long long t0;
	int i, err, p[2], status;
	pid_t pid;
	char c;

	if (pthread_rwlock_tryrdlock(&l))
		PTS_FAILED("tryrdlock of a free lock failed");
	if ((err = other(try_rd)))
		PTS_FAILED("tryrdlock of a read-held lock returned %d", err);
	pthread_rwlock_unlock(&l);

	if (pthread_rwlock_wrlock(&l))
		PTS_UNRES("wrlock failed");
	t0 = pts_now(CLOCK_MONOTONIC);
	err = other(try_rd);
	if (err != EBUSY)
		PTS_FAILED("tryrdlock against another thread's write lock returned %d",
			   err);
	printf("EBUSY after %lld us\n", (pts_now(CLOCK_MONOTONIC) - t0) / 1000);
	pthread_rwlock_unlock(&l);

	for (i = 0; i < 5; i++)
		if (pthread_rwlock_tryrdlock(&l))
			PTS_FAILED("recursive tryrdlock %d failed", i + 1);
	for (i = 0; i < 4; i++)
		pthread_rwlock_unlock(&l);
	if ((err = other(try_wr)) != EBUSY)
		PTS_FAILED("writer got in with one of five read locks left (%d)", err);
	pthread_rwlock_unlock(&l);
	if ((err = other(try_wr)))
		PTS_FAILED("writer refused after all five read locks released (%d)",
			   err);

	sl = mmap(NULL, sizeof(*sl), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sl == MAP_FAILED || pipe(p))
		PTS_UNRES("set-up: %s", strerror(errno));
	if (pthread_rwlockattr_init(&a) ||
	    pthread_rwlockattr_setpshared(&a, PTHREAD_PROCESS_SHARED) ||
	    pthread_rwlock_init(sl, &a))
		PTS_UNRES("pshared rwlock not set up");
	if (pthread_rwlock_wrlock(sl))
		PTS_UNRES("wrlock failed");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		err = pthread_rwlock_tryrdlock(sl);
		if (err != EBUSY)
			_exit(10 + (err > 20 ? 20 : err));
		/* wait for the parent's unlock, then try again */
		if (read(p[0], &c, 1) != 1)
			_exit(3);
		err = pthread_rwlock_tryrdlock(sl);
		_exit(err ? 40 : 0);
	}
	pts_wait_in_syscall(pid, SYS_read);
	pthread_rwlock_unlock(sl);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("child did not exit");
	if (WEXITSTATUS(status) == 40)
		PTS_FAILED("pshared: tryrdlock failed in the child after the unlock");
	if (WEXITSTATUS(status))
		PTS_FAILED("pshared: child's tryrdlock against the parent's write lock: code %d (EBUSY expected)",
			   WEXITSTATUS(status) - 10);
	PTS_PASSED("tryrdlock: free and read-held taken, EBUSY against writers (thread, process), counted");
}
