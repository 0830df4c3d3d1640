/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Preemption tests on one CPU: the caller pinned to the CPU it runs on,
 * and children whose only work is to set *pts_ran in shared memory and
 * exit, so that the caller can tell whether a child ran before a call
 * returned.
 */
#ifndef PTS_PREEMPT_H
#define PTS_PREEMPT_H

#include <sched.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pts_helpers.h"

static volatile int *pts_ran;

/* SCHED_FIFO allowed or TCONF, the flag mapped, the caller on one CPU */
static inline void pts_preempt_setup(void)
{
	cpu_set_t cpus;

	pts_need_sched_fifo();
	pts_ran = mmap(NULL, sizeof(*pts_ran), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (pts_ran == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	CPU_ZERO(&cpus);
	CPU_SET(sched_getcpu(), &cpus);
	if (sched_setaffinity(0, sizeof(cpus), &cpus))
		PTS_UNRES("sched_setaffinity(): %m");
}

/* a child at the caller's policy and priority, runnable, not yet run */
static inline pid_t pts_spawn_flagger(void)
{
	pid_t pid;

	*pts_ran = 0;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		*pts_ran = 1;
		_exit(0);
	}
	return pid;
}

static inline void pts_reap_flagger(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("child status: %m");
}

#endif /* PTS_PREEMPT_H */
