// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_lock() across a stop: a process blocked locking a
 * process-shared mutex held by the parent is stopped with SIGSTOP and
 * continued with SIGCONT: it waits in the kernel again (futex or
 * restart_syscall), without returning, and gets the mutex (0) once the
 * parent unlocks; the parent's trylock is then EBUSY until the child
 * has unlocked and exited. For PTHREAD_PRIO_NONE (FUTEX_WAIT, restarted
 * after the stop) and PTHREAD_PRIO_INHERIT (FUTEX_LOCK_PI, whose
 * interrupted wait the kernel always restarts).
 */
#include <pthread.h>
#include <sys/mman.h>
#include <sys/prctl.h>

#include "pts_helpers.h"
#include "pts_stopcont.h"

struct shared {
	pthread_mutex_t m;
	int returned, ret, holding, release;
};

static struct shared *sh;

static void round_(int proto)
{
	const char *what = proto ? "PI" : "plain";
	pthread_mutexattr_t a;
	int status, err;
	pid_t pid;

	memset(sh, 0, sizeof(*sh));
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	if (pthread_mutexattr_setprotocol(&a, proto))
		PTS_UNSUPP("protocol %d not supported", proto);
	if (pthread_mutex_init(&sh->m, &a) || pthread_mutex_lock(&sh->m))
		PTS_UNRES("mutex set-up");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		sh->ret = pthread_mutex_lock(&sh->m);
		__atomic_store_n(&sh->returned, 1, __ATOMIC_RELEASE);
		if (sh->ret)
			_exit(0);
		__atomic_store_n(&sh->holding, 1, __ATOMIC_RELEASE);
		pts_wait_flag(&sh->release, "the parent's check");
		_exit(pthread_mutex_unlock(&sh->m) ? PTS_FAIL : PTS_PASS);
	}
	pts_wait_in_syscall(pid, SYS_futex);
	pts_stop(pid, NULL);
	if (pts_cont_or_exit(pid, &status, NULL) || sh->returned)
		PTS_FAILED("%s: pthread_mutex_lock() returned %d after stop and continue",
			   what, sh->ret);
	pts_wait_in_either(pid, SYS_futex, SYS_restart_syscall);
	if (sh->returned)
		PTS_FAILED("%s: pthread_mutex_lock() returned %d after stop and continue",
			   what, sh->ret);
	if (pthread_mutex_unlock(&sh->m))
		PTS_UNRES("unlock");
	pts_wait_flag(&sh->returned, "the child's lock");
	if (sh->ret)
		PTS_FAILED("%s: the child's lock returned %d at the unlock", what,
			   sh->ret);
	pts_wait_flag(&sh->holding, "the child's hold");
	err = pthread_mutex_trylock(&sh->m);
	if (err != EBUSY)
		PTS_FAILED("%s: parent's trylock while the child holds it: %d", what,
			   err);
	__atomic_store_n(&sh->release, 1, __ATOMIC_RELEASE);
	pts_reap(pid, "locking child");
	if (pthread_mutex_trylock(&sh->m) || pthread_mutex_unlock(&sh->m))
		PTS_FAILED("%s: the mutex is not free after the child's unlock", what);
	pthread_mutex_destroy(&sh->m);
}

int main(void)
{
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	round_(PTHREAD_PRIO_NONE);
	round_(PTHREAD_PRIO_INHERIT);
	PTS_PASSED("a blocked pshared lock (plain and PI) waits on across stop and continue");
}
