/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Pids that name no process, for the [ESRCH] cases of the scheduling
 * calls (sched_getparam_4-1, sched_getscheduler_5-1,
 * sched_rr_get_interval_3-1, sched_setscheduler_21-1): a child already
 * reaped, and INT_MAX, above any pid_max Linux allows (4194304).
 */
#ifndef PTS_GONEPID_H
#define PTS_GONEPID_H

#include <limits.h>

#include "pts_helpers.h"

#define PTS_GONE_NPIDS 2

static inline void pts_gone_pids(pid_t pids[PTS_GONE_NPIDS])
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		_exit(0);
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	pids[0] = pid;
	pids[1] = INT_MAX;
}

#endif /* PTS_GONEPID_H */
