// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_getparam() and sched_getscheduler() of a process whose
 * priority is raised by priority inheritance report its own scheduling
 * parameters, not the inherited priority: a SCHED_FIFO 10 process
 * owning a process-shared PTHREAD_PRIO_INHERIT mutex runs at -26 in
 * /proc while a FIFO 25 process waits for it, and sched_getparam()
 * still reads 10, sched_getscheduler() SCHED_FIFO; set to 12 with
 * sched_setparam() meanwhile it reads 12 and still runs at -26. After
 * its unlock it runs at its own -13.
 */
#include <pthread.h>
#include <sys/mman.h>
#include <sys/prctl.h>

#include "pts_helpers.h"
#include "pts_pi.h"

static struct pts_pi_shared *sh;
static int go[2], go2[2];
static pid_t kids[2];

static pid_t spawn(int prio, int owner)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (pid)
		return kids[!owner] = pid;
	pts_pi_child(sh, prio, owner, go[0], go2[0], PTS_UNRESOLVED);
	_exit(PTS_PASS);
}

static void check(pid_t pid, long long eff, int own, const char *when)
{
	struct sched_param p = { .sched_priority = -1 };
	long long pr = pts_task_stat(pid, 18);
	int pol = sched_getscheduler(pid);

	if (sched_getparam(pid, &p))
		PTS_UNRES("sched_getparam(): %m");
	if (pr != eff || p.sched_priority != own || pol != SCHED_FIFO) {
		kill(kids[0], SIGKILL);
		kill(kids[1], SIGKILL);
		PTS_FAILED("%s: /proc priority %lld (expected %lld), sched_getparam() %d "
			   "(expected %d), policy %d", when, pr, eff, p.sched_priority,
			   own, pol);
	}
}

int main(void)
{
	struct sched_param p = { .sched_priority = 30 };
	pid_t owner, waiter;

	pts_need_sched_fifo();
	sh = pts_pi_shared_init(go, go2);
	/* the observer outranks both */
	pts_fifo_self(30);
	owner = spawn(10, 1);
	pts_wait_flag(&sh->owned, "the owner's lock");
	check(owner, -11, 10, "before contention");
	waiter = spawn(25, 0);
	pts_wait_in_syscall(waiter, SYS_futex);
	check(owner, -26, 10, "boosted by a FIFO 25 waiter");
	p.sched_priority = 12;
	if (sched_setparam(owner, &p))
		PTS_UNRES("sched_setparam(owner, 12): %m");
	check(owner, -26, 12, "set to 12 while boosted");
	if (write(go[1], "u", 1) != 1)
		PTS_UNRES("write(): %m");
	pts_wait_flag(&sh->unlocked, "the owner's unlock");
	check(owner, -13, 12, "after its unlock");
	if (write(go2[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	pts_reap(owner, "owner");
	pts_reap(waiter, "waiter");
	PTS_PASSED("sched_getparam()/sched_getscheduler() report the own parameters, not the PI boost");
}
