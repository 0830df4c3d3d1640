// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_timedlock(): for a PTHREAD_PRIO_INHERIT mutex, when a
 * timed wait ends because its timeout expired, the owner's priority is
 * adjusted to no longer reflect that waiter. Across processes: a FIFO 10
 * process owns a process-shared PI mutex; a FIFO 20 process waits for it
 * with a deadline about a second ahead. While it waits the kernel runs
 * the owner at rtprio 20 (/proc prio -21); the waiter gets ETIMEDOUT,
 * not before the deadline, and once it has returned the owner is at 10
 * again, still owning the mutex (the parent's trylock EBUSY).
 */
#include <pthread.h>

#include "pts_pi.h"

static struct pts_pi_shared *sh;

static int owner_prio(pid_t pid)
{
	return -1 - (int)pts_task_stat(pid, 18);
}

static int timed_waiter(void)
{
	struct sched_param p = { .sched_priority = 20 };
	long long dl_ns, now;
	struct timespec dl;
	int err;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (sched_setscheduler(0, SCHED_FIFO, &p))
		return PTS_UNRESOLVED;
	dl_ns = pts_now(CLOCK_REALTIME) + pts_bound_ns(1);
	dl = pts_ns_ts(dl_ns);
	err = pthread_mutex_timedlock(&sh->m, &dl);
	now = pts_now(CLOCK_REALTIME);
	if (err != ETIMEDOUT) {
		printf("the timed waiter's lock returned %d, not ETIMEDOUT\n", err);
		return PTS_FAIL;
	}
	if (now < dl_ns) {
		printf("ETIMEDOUT %lld ns before the deadline\n", dl_ns - now);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	long long end;
	int go[2], go2[2], p, err;
	pid_t owner, waiter;

	pts_need_sched_fifo();
	pts_fifo_self(30);
	sh = pts_pi_shared_init(go, go2);
	fflush(stdout);
	owner = fork();
	if (owner < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!owner) {
		pts_pi_child(sh, 10, 1, go[0], go2[0], PTS_UNRESOLVED);
		_exit(PTS_PASS);
	}
	pts_wait_flag(&sh->owned, "the owner's lock");
	waiter = fork();
	if (waiter < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!waiter)
		_exit(timed_waiter());
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while ((p = owner_prio(owner)) != 20) {
		if (p != 10)
			PTS_FAILED("the owner at rtprio %d", p);
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("the owner was never boosted by the timed waiter");
		pts_nap();
	}
	printf("owner boosted to rtprio 20 by the timed waiter\n");
	pts_reap(waiter, "timed waiter");
	p = owner_prio(owner);
	if (p != 10)
		PTS_FAILED("after the waiter's ETIMEDOUT the owner is at rtprio %d, not 10",
			   p);
	err = pthread_mutex_trylock(&sh->m);
	if (err != EBUSY)
		PTS_FAILED("trylock of the owner's mutex: %d, not EBUSY", err);
	if (write(go[1], "u", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	pts_wait_flag(&sh->unlocked, "the owner's unlock");
	if (write(go2[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	pts_reap(owner, "owner");
	if (pthread_mutex_trylock(&sh->m) || pthread_mutex_unlock(&sh->m))
		PTS_FAILED("the mutex is not free after the owner's unlock");
	PTS_PASSED("the timed-out waiter's boost of the owner was withdrawn at its ETIMEDOUT");
}
