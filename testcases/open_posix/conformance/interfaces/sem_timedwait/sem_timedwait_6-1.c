// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SA_RESTART and the timed semaphore waits: "if a function specified as
 * interruptible is interrupted by this signal, the function shall
 * restart and shall not fail with [EINTR] unless otherwise specified",
 * and sem_timedwait() specifies nothing else (Linux's signal(7) also
 * lists sem_timedwait() among the calls SA_RESTART restarts). A thread
 * blocked in sem_timedwait() (deadline an hour ahead) and one in
 * sem_clockwait() on CLOCK_MONOTONIC take a SIGUSR1 caught with
 * SA_RESTART in their own thread: each should sleep on and return 0
 * on the sem_post() made after.
 *
 * Linux fails both with EINTR: glibc waits with FUTEX_WAIT_BITSET and an
 * absolute timeout, and futex_wait() then ends with
 * -ERESTART_RESTARTBLOCK (futex_wait_restart() as restart function),
 * which the signal delivery turns into -EINTR whatever SA_RESTART says
 * (kernel/futex/waitwake.c and arch/x86/kernel/signal.c, 6.1 and 6.12);
 * sem_wait(), with no timeout, gets -ERESTARTSYS and is restarted
 * (sigaction_23-1). Reported as a known issue (TCONF), never a pass; a
 * return of 0 before the post, ETIMEDOUT or any other error fails.
 */
#include <pthread.h>
#include <semaphore.h>

#include "pts_helpers.h"

static volatile pid_t handled_by, tid;
static volatile int returned, ret, err;
static int use_clock;
static sem_t sem;

static void handler(int sig)
{
	(void)sig;
	handled_by = pts_gettid();
}

static void *waiter(void *arg)
{
	clockid_t clk = use_clock ? CLOCK_MONOTONIC : CLOCK_REALTIME;
	struct timespec dl = pts_deadline(clk, 3600 * PTS_NSEC);

	(void)arg;
	tid = pts_gettid();
	ret = use_clock ? sem_clockwait(&sem, CLOCK_MONOTONIC, &dl) :
			  sem_timedwait(&sem, &dl);
	err = ret ? errno : 0;
	returned = 1;
	return NULL;
}

/* 1 once the thread sleeps again (futex or restart_syscall) */
static int asleep_again(void)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	char path[64], buf[128];
	long got;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/syscall", (int)tid);
	while (!returned && pts_now(CLOCK_MONOTONIC) < end) {
		f = fopen(path, "r");
		if (!f)
			return 0;
		if (!fgets(buf, sizeof(buf), f) || sscanf(buf, "%ld", &got) != 1)
			got = -2;
		fclose(f);
		if (got == SYS_futex || got == SYS_restart_syscall)
			return 1;
		pts_nap();
	}
	return 0;
}

/* 1 for the known EINTR, 0 when the wait went on and took the post */
static int round_(int clock)
{
	const char *what = clock ? "sem_clockwait()" : "sem_timedwait()";
	pthread_t t;

	use_clock = clock;
	tid = handled_by = 0;
	returned = 0;
	if (sem_init(&sem, 0, 0) || pthread_create(&t, NULL, waiter, NULL))
		PTS_UNRES("set-up: %m");
	while (!tid)
		pts_nap();
	pts_wait_in_syscall(tid, SYS_futex);
	if (pthread_kill(t, SIGUSR1))
		PTS_UNRES("pthread_kill()");
	pts_wait_flag((volatile int *)&handled_by, "the handler");
	if (handled_by != tid)
		PTS_UNRES("the handler ran in %d, not %d", (int)handled_by, (int)tid);
	if (!asleep_again() && !returned)
		PTS_UNRES("%s neither returned nor slept again", what);
	if (returned) {
		pthread_join(t, NULL);
		if (ret == -1 && err == EINTR) {
			printf("%s failed with EINTR after a SA_RESTART handler\n", what);
			sem_destroy(&sem);
			return 1;
		}
		PTS_FAILED("%s returned %d (%s) before the post", what, ret,
			   err ? strerrorname_np(err) : "0");
	}
	if (sem_post(&sem))
		PTS_UNRES("sem_post(): %m");
	pthread_join(t, NULL);
	if (ret)
		PTS_FAILED("%s returned %d (%s) after the post", what, ret,
			   strerrorname_np(err));
	sem_destroy(&sem);
	return 0;
}

int main(void)
{
	struct sigaction sa;
	int eintr;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	eintr = round_(0);
	eintr += round_(1);
	if (eintr)
		PTS_KNOWN_ISSUE("SA_RESTART and timed semaphore waits",
				"%d of 2 timed waits failed with EINTR after a SA_RESTART handler",
				eintr);
	PTS_PASSED("SA_RESTART restarts sem_timedwait() and sem_clockwait()");
}
