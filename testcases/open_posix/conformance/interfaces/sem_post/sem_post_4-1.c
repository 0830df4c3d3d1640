// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_post(): returns zero on success. Exactly 0 for posts on a private
 * semaphore from 0 to SEM_VALUE_MAX - 1 .. the last one reaching
 * SEM_VALUE_MAX, a pshared one, a named one and one with a thread
 * blocked on it (which is released); the values read back.
 */
#include <pthread.h>
#include <sys/syscall.h>

#include "pts_mqsem.h"
#include "pts_blocked.h"

static sem_t s;

static void *waiter(void *arg)
{
	(void)arg;
	return (void *)(long)(sem_wait(&s) ? errno : 0);
}

static void post0(sem_t *p, const char *what)
{
	int r = sem_post(p);

	if (r != 0)
		PTS_FAILED("%s: sem_post() returned %d (%m)", what, r);
}

int main(void)
{
	struct pts_blocked b;
	char name[64];
	sem_t *n;

	if (sem_init(&s, 0, SEM_VALUE_MAX - 1))
		PTS_UNRES("sem_init(): %m");
	post0(&s, "to SEM_VALUE_MAX");
	pts_sem_expect(&s, SEM_VALUE_MAX, "at the maximum");
	sem_destroy(&s);
	n = pts_shared_sem(0);
	post0(n, "pshared");
	pts_sem_expect(n, 1, "pshared");
	pts_ipc_name(name, sizeof(name), "semp4");
	n = sem_open(name, O_CREAT | O_EXCL, 0600, 0);
	sem_unlink(name);
	if (n == SEM_FAILED)
		PTS_UNRES("sem_open(): %m");
	post0(n, "named");
	pts_sem_expect(n, 1, "named");
	sem_init(&s, 0, 0);
	pts_start_blocked(&b, waiter, NULL, SYS_futex);
	post0(&s, "with a waiter");
	if (pts_join_long(b.t))
		PTS_FAILED("the waiter failed");
	pts_sem_expect(&s, 0, "after the waiter");
	PTS_PASSED("sem_post() returned exactly 0 four times");
}
