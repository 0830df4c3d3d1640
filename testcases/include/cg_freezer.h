/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cgroup v2 freezer helpers (on top of cgroup2.h): freezing and thawing
 * a cgroup and waiting for cgroup.events to agree, and a "spinner", a
 * child that only counts in shared memory, whose counter tells whether
 * it runs (it advances) or is frozen (it stays put). The test maps the
 * counter and hands it to cg_spin_init() once, in its setup.
 */
#ifndef CG_FREEZER_H
#define CG_FREEZER_H

#include <signal.h>
#include <unistd.h>
#include "tst_test.h"
#include "cgroup2.h"

static volatile unsigned long *cg_spin_count;

static inline void cg_spin_init(volatile unsigned long *count)
{
	cg_spin_count = count;
}

static inline long long cg_frozen(const char *rel)
{
	return cg_read_key(rel, "cgroup.events", "frozen");
}

/* write cgroup.freeze and wait for "frozen on" in cgroup.events */
static inline void cg_freeze(const char *rel, int on)
{
	CG_WRITE(rel, "cgroup.freeze", "%d", on);
	cg_wait_event(rel, "frozen", on);
}

/*
 * A child counting in the shared counter for ever, moved into rel;
 * on_usr1, if not NULL, is its SIGUSR1 handler.
 */
static inline pid_t cg_start_spinner(const char *rel, void (*on_usr1)(int))
{
	pid_t pid;

	*cg_spin_count = 0;
	pid = SAFE_FORK();
	if (!pid) {
		if (on_usr1)
			signal(SIGUSR1, on_usr1);
		for (;;)
			(*cg_spin_count)++;
	}
	CG_WRITE(rel, "cgroup.procs", "%d", (int)pid);
	return pid;
}

/* The counter advances within 10 s (scaled). */
static inline int cg_spin_advances(void)
{
	unsigned long c0 = *cg_spin_count;
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();

	while (*cg_spin_count == c0) {
		if (tst_mono_ms() > deadline)
			return 0;
		usleep(1000);
	}
	return 1;
}

/* The counter stays put over a 200 ms observation window. */
static inline int cg_spin_stays(void)
{
	unsigned long c0 = *cg_spin_count;

	usleep(200000);
	return *cg_spin_count == c0;
}

#endif /* CG_FREEZER_H */
