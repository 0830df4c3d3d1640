// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_spin_init() with PTHREAD_PROCESS_SHARED: a spin lock in a
 * MAP_SHARED mapping gives mutual exclusion between processes. Two
 * processes each add 1 to a shared counter 100000 times under it; no
 * increment is lost. While one process holds it, the other's trylock
 * returns EBUSY.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_helpers.h"

#define LOOPS 100000

struct shared {
	pthread_spinlock_t s;
	volatile long counter;
};

static struct shared *sh;

static void add(void)
{
	int i;

	for (i = 0; i < LOOPS; i++) {
		pthread_spin_lock(&sh->s);
		sh->counter = sh->counter + 1;
		pthread_spin_unlock(&sh->s);
	}
}

int main(void)
{
	pid_t pid;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	if (pthread_spin_init(&sh->s, PTHREAD_PROCESS_SHARED))
		PTS_UNSUPP("process-shared spin locks not supported");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		add();
		_exit(PTS_PASS);
	}
	add();
	pts_reap(pid, "adding child");
	if (sh->counter != 2 * LOOPS)
		PTS_FAILED("counter %ld, expected %d", sh->counter, 2 * LOOPS);
	pthread_spin_lock(&sh->s);
	pid = fork();
	if (!pid)
		_exit(pthread_spin_trylock(&sh->s) == EBUSY ? PTS_PASS : PTS_FAIL);
	pts_reap(pid, "child trying the held lock");
	pthread_spin_unlock(&sh->s);
	PTS_PASSED("process-shared spin lock: no lost increments, EBUSY");
}
