// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A process blocked in sem_wait() or sem_timedwait() (deadline an hour
 * ahead) on a process-shared semaphore is stopped with SIGSTOP and
 * continued with SIGCONT: neither is a caught signal, so the call does
 * not return (no [EINTR], no spurious 0: the waiter sleeps in the kernel
 * again, the value still 0); a sem_post() then wakes it with 0. A post
 * made while it is stopped is not lost either: it returns 0 once
 * continued, and the value is 0 after (the post consumed once).
 */
#include <semaphore.h>
#include <sys/prctl.h>
#include <sys/mman.h>

#include "pts_helpers.h"
#include "pts_stopcont.h"

struct shared {
	sem_t s;
	int returned;
	int err;
};

static struct shared *sh;

static void child(int timed)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	int r;

	/* never left blocked behind a parent that ended early */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	r = timed ? sem_timedwait(&sh->s, &dl) : sem_wait(&sh->s);

	sh->err = r ? errno : 0;
	__atomic_store_n(&sh->returned, 1, __ATOMIC_RELEASE);
	_exit(0);
}

/* 1 when the waiter has exited (reaped, status in *status) */
static int stop_cont(pid_t pid, int post_while_stopped, int *status)
{
	pts_stop(pid, "the waiter");
	if (post_while_stopped) {
		if (sem_post(&sh->s))
			PTS_UNRES("sem_post(): %m");
		if (sh->returned)
			PTS_FAILED("the stopped waiter returned");
	}
	return pts_cont_or_exit(pid, status, "the waiter");
}

static void round_(int timed, int post_while_stopped)
{
	const char *what = timed ? "sem_timedwait()" : "sem_wait()";
	int status, v, reaped;
	pid_t pid;

	sh->returned = 0;
	sh->err = -1;
	if (sem_init(&sh->s, 1, 0))
		PTS_UNRES("sem_init(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		child(timed);
	pts_wait_in_syscall(pid, SYS_futex);
	reaped = stop_cont(pid, post_while_stopped, &status);
	if (!post_while_stopped && !reaped) {
		/*
		 * asleep in the kernel again, not returned: a futex wait
		 * continued after a stop sleeps in restart_syscall()
		 */
		pts_wait_in_either(pid, SYS_futex, SYS_restart_syscall);
		if (__atomic_load_n(&sh->returned, __ATOMIC_ACQUIRE))
			PTS_FAILED("%s returned %s after stop and continue",
				   what, sh->err ? strerrorname_np(sh->err) : "0");
		if (sem_post(&sh->s))
			PTS_UNRES("sem_post(): %m");
	}
	if (!reaped && waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFEXITED(status))
		PTS_UNRES("waiter status 0x%x", status);
	if (sh->err)
		PTS_FAILED("%s returned %s, expected 0 (post %s the stop)", what,
			   sh->err > 0 ? strerrorname_np(sh->err) : "nothing",
			   post_while_stopped ? "during" : "after");
	if (sem_getvalue(&sh->s, &v) || v != 0)
		PTS_FAILED("value %d after the waiter took the post", v);
	sem_destroy(&sh->s);
}

int main(void)
{
	int t;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	for (t = 0; t < 2; t++) {
		round_(t, 0);
		round_(t, 1);
	}
	PTS_PASSED("stop and continue do not end sem_wait()/sem_timedwait(); no post lost");
}
