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
#include "pts_pi.h"

static struct pts_pi_shared *sh;
static int go[2], go2[2];
static pid_t kids[3];
static int nkids;

static pid_t spawn(int prio, int holder)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (pid) {
		kids[nkids++] = pid;
		return pid;
	}
	pts_pi_child(sh, prio, holder, go[0], go2[0], PTS_FAIL);
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
	pid_t owner, w15, w25;
	int status;

	pts_need_sched_fifo();
	sh = pts_pi_shared_init(go, go2);
	/* the observer outranks everyone */
	pts_fifo_self(30);

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
