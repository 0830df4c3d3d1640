// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mutex type holds across processes for a PTHREAD_PROCESS_SHARED
 * mutex in shared memory: ownership is the parent's thread, not the
 * forked child's. With the parent holding it (RECURSIVE: twice), the
 * child's trylock is EBUSY for NORMAL, ERRORCHECK and RECURSIVE; its
 * unlock of the parent's ERRORCHECK and RECURSIVE mutex is EPERM (the
 * mutex still held: trylock EBUSY again); its lock sleeps in the kernel
 * (futex) and, for RECURSIVE, is still blocked after the parent's first
 * unlock; it returns 0 once the parent's last unlock releases the mutex,
 * and the parent's trylock is then EBUSY until the child exits after
 * unlocking.
 */
#include <pthread.h>
#include <sys/mman.h>
#include <sys/prctl.h>

#include "pts_helpers.h"

struct shared {
	pthread_mutex_t m;
	int child_tid, locked, release;
};

static struct shared *sh;

static int child(int type)
{
	int err;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	err = pthread_mutex_trylock(&sh->m);
	if (err != EBUSY) {
		printf("type %d: child's trylock %d, not EBUSY\n", type, err);
		return PTS_FAIL;
	}
	if (type != PTHREAD_MUTEX_NORMAL) {
		err = pthread_mutex_unlock(&sh->m);
		if (err != EPERM) {
			printf("type %d: child's unlock of the parent's mutex %d, not EPERM\n",
			       type, err);
			return PTS_FAIL;
		}
		err = pthread_mutex_trylock(&sh->m);
		if (err != EBUSY) {
			printf("type %d: trylock after the refused unlock %d\n",
			       type, err);
			return PTS_FAIL;
		}
	}
	__atomic_store_n(&sh->child_tid, pts_gettid(), __ATOMIC_RELEASE);
	err = pthread_mutex_lock(&sh->m);
	if (err) {
		printf("type %d: child's lock returned %d\n", type, err);
		return PTS_FAIL;
	}
	__atomic_store_n(&sh->locked, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&sh->release, "the parent's check");
	return pthread_mutex_unlock(&sh->m) ? PTS_FAIL : PTS_PASS;
}

static void round_(int type, const char *name)
{
	pthread_mutexattr_t a;
	pid_t pid;
	int err;

	memset(sh, 0, sizeof(*sh));
	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_settype(&a, type) ||
	    pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED) ||
	    pthread_mutex_init(&sh->m, &a))
		PTS_UNRES("%s pshared mutex", name);
	pthread_mutexattr_destroy(&a);
	if (pthread_mutex_lock(&sh->m))
		PTS_UNRES("%s: lock", name);
	if (type == PTHREAD_MUTEX_RECURSIVE && pthread_mutex_lock(&sh->m))
		PTS_UNRES("%s: second lock", name);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		_exit(child(type));
	pts_wait_flag(&sh->child_tid, "the child's checks");
	pts_wait_in_syscall(pid, SYS_futex);
	if (type == PTHREAD_MUTEX_RECURSIVE) {
		if (pthread_mutex_unlock(&sh->m))
			PTS_UNRES("%s: first unlock", name);
		/* one lock left: the child sleeps on */
		pts_wait_in_syscall(pid, SYS_futex);
		if (sh->locked)
			PTS_FAILED("%s: the child got the mutex while the parent still held it once",
				   name);
	}
	if (pthread_mutex_unlock(&sh->m))
		PTS_UNRES("%s: unlock", name);
	pts_wait_flag(&sh->locked, "the child's lock");
	err = pthread_mutex_trylock(&sh->m);
	if (err != EBUSY)
		PTS_FAILED("%s: parent's trylock while the child holds it: %d", name,
			   err);
	__atomic_store_n(&sh->release, 1, __ATOMIC_RELEASE);
	pts_reap(pid, name);
	if (pthread_mutex_trylock(&sh->m) || pthread_mutex_unlock(&sh->m))
		PTS_FAILED("%s: not free after the child's unlock", name);
	pthread_mutex_destroy(&sh->m);
	printf("%s: held across the processes as its type says\n", name);
}

int main(void)
{
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %s", strerror(errno));
	round_(PTHREAD_MUTEX_NORMAL, "NORMAL");
	round_(PTHREAD_MUTEX_ERRORCHECK, "ERRORCHECK");
	round_(PTHREAD_MUTEX_RECURSIVE, "RECURSIVE");
	PTS_PASSED("pshared NORMAL, ERRORCHECK and RECURSIVE mutexes owned per thread across fork");
}
