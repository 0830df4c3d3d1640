// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PTHREAD_PRIO_INHERIT on a process-shared mutex: the owner inherits
 * the priority of the highest priority waiter in any process, and loses
 * it again when that waiter stops waiting. A SCHED_FIFO 10 process holds
 * the mutex (/proc priority -11); a FIFO 15 process blocks on it (owner
 * at -16), then a FIFO 25 one (owner at -26). The FIFO 25 waiter is
 * killed with SIGKILL: once it is reaped the owner is back at -16 (the
 * kernel took the dead waiter out of the priority chain). After the
 * owner unlocks it is at -11 again, and the FIFO 15 process gets the
 * mutex (its lock returns 0).
 */
#include <pthread.h>
#include <sys/mman.h>
#include <sys/prctl.h>

#include "pts_helpers.h"

struct shared {
	pthread_mutex_t m;
	int owned;
	int unlocked;
};

static struct shared *sh;
static int go[2], go2[2];
static pid_t kids[3];
static int nkids;

static void become(int prio)
{
	struct sched_param p = { .sched_priority = prio };

	if (sched_setscheduler(0, SCHED_FIFO, &p))
		_exit(PTS_UNRESOLVED);
}

static pid_t spawn(int prio, int holder)
{
	pid_t pid;
	char c;
	int err;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (pid) {
		kids[nkids++] = pid;
		return pid;
	}
	/* never left blocked behind a parent that ended early */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	become(prio);
	err = pthread_mutex_lock(&sh->m);
	if (err)
		_exit(PTS_FAIL);
	if (holder) {
		__atomic_store_n(&sh->owned, 1, __ATOMIC_RELEASE);
		if (read(go[0], &c, 1) != 1)
			_exit(PTS_UNRESOLVED);
	}
	if (pthread_mutex_unlock(&sh->m))
		_exit(PTS_FAIL);
	if (holder) {
		__atomic_store_n(&sh->unlocked, 1, __ATOMIC_RELEASE);
		if (read(go2[0], &c, 1) != 1)
			_exit(PTS_UNRESOLVED);
	}
	_exit(prio == 25 ? PTS_FAIL : PTS_PASS);
}

static void expect_prio(pid_t pid, long long want, const char *when)
{
	long long pr = pts_task_stat(pid, 18);
	int i;

	if (pr != want) {
		/* a non-robust mutex: no child may be left blocked on it */
		for (i = 0; i < nkids; i++)
			kill(kids[i], SIGKILL);
		PTS_FAILED("owner's priority %lld %s, expected %lld", pr, when, want);
	}
}

int main(void)
{
	struct sched_param p = { .sched_priority = 30 };
	pthread_mutexattr_t a;
	pid_t owner, w15, w25;
	int status;

	pts_need_sched_fifo();
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED || pipe(go) || pipe(go2))
		PTS_UNRES("set-up: %m");
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT))
		PTS_UNSUPP("PTHREAD_PRIO_INHERIT not supported");
	if (pthread_mutex_init(&sh->m, &a))
		PTS_UNRES("pthread_mutex_init()");
	/* the observer outranks everyone */
	if (sched_setscheduler(0, SCHED_FIFO, &p))
		PTS_UNRES("sched_setscheduler(FIFO 30): %m");

	owner = spawn(10, 1);
	pts_wait_flag(&sh->owned, "the owner's lock");
	expect_prio(owner, -11, "before contention");
	w15 = spawn(15, 0);
	pts_wait_in_syscall(w15, SYS_futex);
	expect_prio(owner, -16, "with a FIFO 15 waiter");
	w25 = spawn(25, 0);
	pts_wait_in_syscall(w25, SYS_futex);
	expect_prio(owner, -26, "with FIFO 15 and 25 waiters");
	kill(w25, SIGKILL);
	if (waitpid(w25, &status, 0) != w25 || !WIFSIGNALED(status))
		PTS_UNRES("FIFO 25 waiter status 0x%x", status);
	expect_prio(owner, -16, "after the FIFO 25 waiter was killed");
	if (write(go[1], "u", 1) != 1)
		PTS_UNRES("write(): %m");
	pts_wait_flag(&sh->unlocked, "the owner's unlock");
	expect_prio(owner, -11, "after its unlock");
	if (write(go2[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	pts_reap(owner, "owner");
	pts_reap(w15, "FIFO 15 waiter");
	PTS_PASSED("PI across processes follows the waiters, a killed one leaves the chain");
}
