/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The SA_RESTART round shared by the sigaction tests: a thread blocks
 * in one call (struct pts_op: its name, the system call it sleeps in,
 * the thread function), takes a SIGUSR1 caught with SA_RESTART in that
 * thread, and must be asleep in the kernel again afterwards, the call
 * restarted (or restart_syscall()), not returned. The test completes
 * the call and checks its result itself.
 */
#ifndef PTS_SARESTART_H
#define PTS_SARESTART_H

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "pts_helpers.h"

struct pts_op {
	const char *name;
	long nr;		/* the system call it sleeps in */
	void *(*fn)(void *);
	volatile pid_t tid;
	volatile int returned;
	long ret;
	int err;
};

static volatile pid_t pts_handled_by;

static void pts_sa_handler(int sig)
{
	(void)sig;
	pts_handled_by = pts_gettid();
}

/* catch SIGUSR1 with SA_RESTART, noting the thread that ran the handler */
static inline void pts_sa_restart_usr1(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = pts_sa_handler;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
}

/* 1 once thread o->tid sleeps in o->nr or restart_syscall(), 0 if never */
static inline int pts_op_asleep(struct pts_op *o)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	char path[64], buf[128];
	long got;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/syscall", (int)o->tid);
	while (!o->returned && pts_now(CLOCK_MONOTONIC) < end) {
		f = fopen(path, "r");
		if (!f)
			return 0;
		if (!fgets(buf, sizeof(buf), f) || sscanf(buf, "%ld", &got) != 1)
			got = -2;
		fclose(f);
		if (got == o->nr || got == SYS_restart_syscall)
			return 1;
		pts_nap();
	}
	return 0;
}

/*
 * Start o->fn in a thread, wait until it sleeps in o->nr, signal it and
 * fail if the call returned instead of restarting; *t to join once the
 * caller has completed the call.
 */
static inline void pts_op_interrupt(struct pts_op *o, pthread_t *t)
{
	pts_handled_by = 0;
	if (pthread_create(t, NULL, o->fn, o))
		PTS_UNRES("pthread_create(): %m");
	while (!o->tid)
		pts_nap();
	pts_wait_in_syscall(o->tid, o->nr);
	if (pthread_kill(*t, SIGUSR1))
		PTS_UNRES("pthread_kill()");
	pts_wait_flag((volatile int *)&pts_handled_by, "the handler");
	if (pts_handled_by != o->tid)
		PTS_UNRES("the handler ran in %d, not %d", (int)pts_handled_by,
			  (int)o->tid);
	/* asleep again: the call restarted (or restart_syscall()) */
	if (!pts_op_asleep(o) && !o->returned)
		PTS_UNRES("%s neither returned nor slept again", o->name);
	if (o->returned)
		PTS_FAILED("%s returned %ld (%s) after a SA_RESTART handler",
			   o->name, o->ret, strerrorname_np(o->err));
}

#endif /* PTS_SARESTART_H */
