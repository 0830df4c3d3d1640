// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_detach() of a running joinable thread returns 0, and the thread
 * goes on running to its end; a thread created with the attribute
 * PTHREAD_CREATE_DETACHED (read back by pthread_attr_getdetachstate())
 * runs too. Their completion is observed through a semaphore, since a
 * detached thread cannot be joined. That the storage of a detached thread
 * is reclaimed when it ends (POSIX: "the storage for the thread ... can
 * be reclaimed when that thread terminates") is seen twice, 100 times
 * for each kind: the kernel's task goes (/proc/self/task is back to the
 * main thread alone, waited for with a bound: the task leaves after the
 * thread's last instruction, flakes rule 4), and the address space does
 * not grow by a stack per thread (200 threads that kept their stacks
 * would add 200 stacks; what is allowed is glibc's stack cache, 40 MiB,
 * and a few stacks).
 */
#include <dirent.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "posixtest.h"

#define ROUNDS 100

static sem_t started, release, finished;

static void *worker(void *arg)
{
	(void)arg;
	sem_post(&started);
	while (sem_wait(&release))
		;
	sem_post(&finished);
	return NULL;
}

static int task_count(void)
{
	struct dirent *de;
	DIR *d = opendir("/proc/self/task");
	int n = 0;

	if (!d)
		PTS_UNRES("opendir(/proc/self/task): %m");
	while ((de = readdir(d)))
		n += de->d_name[0] != '.';
	closedir(d);
	return n;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Wait (10 s times LTP_TIMEOUT_MUL at most) for the ended thread's task. */
static void wait_task_gone(int round, const char *kind)
{
	const char *mul = getenv("LTP_TIMEOUT_MUL");
	double end = now() + 10 * (mul && atof(mul) > 1 ? atof(mul) : 1);
	struct timespec nap = { 0, 1000000 };
	int n;

	while ((n = task_count()) != 1) {
		if (now() > end)
			PTS_FAILED("round %d: %d tasks left 10 s after the %s "
				   "thread ended", round, n, kind);
		nanosleep(&nap, NULL);
	}
}

/* VmSize of /proc/self/status in kB */
static long vm_kb(void)
{
	char line[256];
	long kb = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		PTS_UNRES("fopen(/proc/self/status): %m");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmSize: %ld", &kb) == 1)
			break;
	fclose(f);
	if (kb < 0)
		PTS_UNRES("no VmSize in /proc/self/status");
	return kb;
}

int main(void)
{
	pthread_attr_t attr;
	pthread_t t;
	int i, err, state = -1;
	size_t stack = 0;
	long vm0 = 0, growth, allowed;

	if (sem_init(&started, 0, 0) || sem_init(&release, 0, 0) ||
	    sem_init(&finished, 0, 0))
		PTS_UNRES("sem_init(): %m");
	if (pthread_attr_init(&attr) ||
	    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED))
		PTS_UNRES("pthread_attr_setdetachstate(PTHREAD_CREATE_DETACHED)");
	if (pthread_attr_getdetachstate(&attr, &state) ||
	    state != PTHREAD_CREATE_DETACHED)
		PTS_FAILED("pthread_attr_getdetachstate() gave %d, expected PTHREAD_CREATE_DETACHED",
			   state);
	if (pthread_attr_getstacksize(&attr, &stack) || !stack)
		PTS_UNRES("pthread_attr_getstacksize()");
	if (task_count() != 1)
		PTS_UNRES("%d tasks before the test, expected 1", task_count());

	for (i = 0; i < ROUNDS; i++) {
		err = pthread_create(&t, NULL, worker, NULL);
		if (err)
			PTS_FAILED("round %d: pthread_create(): %s", i, strerror(err));
		while (sem_wait(&started))
			;
		err = pthread_detach(t);
		if (err)
			PTS_FAILED("round %d: pthread_detach() of a running thread returned %d",
				   i, err);
		sem_post(&release);
		while (sem_wait(&finished))
			;
		wait_task_gone(i, "detached");

		err = pthread_create(&t, &attr, worker, NULL);
		if (err)
			PTS_FAILED("round %d: pthread_create(detached): %s", i,
				   strerror(err));
		while (sem_wait(&started))
			;
		sem_post(&release);
		while (sem_wait(&finished))
			;
		wait_task_gone(i, "created detached");
		if (!i)
			vm0 = vm_kb();
	}
	growth = vm_kb() - vm0;
	allowed = 40 * 1024 + 4 * (long)(stack / 1024);
	if (growth > allowed)
		PTS_FAILED("the address space grew by %ld kB over %d rounds "
			   "(stacks of %zu kB; at most %ld kB allowed): the "
			   "detached threads' storage was not reclaimed",
			   growth, ROUNDS, stack / 1024, allowed);
	PTS_PASSED("%d detached threads of each kind ran to their end, their "
		   "tasks went, the address space grew by %ld kB (stacks of "
		   "%zu kB each)", ROUNDS, growth, stack / 1024);
}
