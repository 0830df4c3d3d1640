// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlockattr_setpshared(PTHREAD_PROCESS_SHARED): a read-write
 * lock in a MAP_SHARED mapping excludes across processes. While a child
 * holds the write lock, the parent's tryrdlock and trywrlock return
 * EBUSY and its timedrdlock ETIMEDOUT (not early); a blocked rdlock
 * (the parent seen asleep in the futex wait by the child) returns once
 * the child unlocks, with the child's store visible.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_helpers.h"

struct shared {
	pthread_rwlock_t l;
	int value;
};

int main(void)
{
	pthread_rwlockattr_t a;
	struct shared *s;
	struct timespec dl;
	int to_child[2], to_parent[2], err;
	pid_t pid, parent = getpid();
	long long now;
	char c;

	s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED || pipe(to_child) || pipe(to_parent))
		PTS_UNRES("mmap/pipe: %m");
	pthread_rwlockattr_init(&a);
	if (pthread_rwlockattr_setpshared(&a, PTHREAD_PROCESS_SHARED))
		PTS_UNSUPP("process-shared rwlocks not supported");
	pthread_rwlock_init(&s->l, &a);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		if (pthread_rwlock_wrlock(&s->l) || write(to_parent[1], "l", 1) != 1)
			_exit(PTS_UNRESOLVED);
		if (read(to_child[0], &c, 1) != 1)
			_exit(PTS_UNRESOLVED);
		pts_wait_in_syscall(parent, SYS_futex);
		s->value = 9;
		_exit(pthread_rwlock_unlock(&s->l) ? PTS_FAIL : PTS_PASS);
	}
	if (read(to_parent[0], &c, 1) != 1)
		PTS_UNRES("the child did not lock");
	PTS_EXPECT_ERR(pthread_rwlock_tryrdlock(&s->l), EBUSY,
		       "tryrdlock vs another process's writer");
	PTS_EXPECT_ERR(pthread_rwlock_trywrlock(&s->l), EBUSY,
		       "trywrlock vs another process's writer");
	dl = pts_deadline(CLOCK_REALTIME, 100000000);
	err = pthread_rwlock_timedrdlock(&s->l, &dl);
	now = pts_now(CLOCK_REALTIME);
	if (err != ETIMEDOUT || now < pts_ts_ns(&dl))
		PTS_FAILED("timedrdlock returned %d, %lld ns after the deadline",
			   err, now - pts_ts_ns(&dl));
	if (write(to_child[1], "g", 1) != 1)
		PTS_UNRES("pipe: %m");
	err = pthread_rwlock_rdlock(&s->l);
	if (err)
		PTS_FAILED("rdlock after the writer left returned %d", err);
	if (s->value != 9)
		PTS_FAILED("the writer's store is not visible");
	pthread_rwlock_unlock(&s->l);
	pts_reap(pid, "writer process");
	PTS_PASSED("process-shared rwlock excluded across processes");
}
