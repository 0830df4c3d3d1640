/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Stopping a child with SIGSTOP and continuing it with SIGCONT, each
 * step waited for through waitpid() so that the test knows the child
 * really was stopped and continued (and not merely sent the signals).
 * Neither signal is caught, so a call blocked in the child should sleep
 * on; a child whose call ended at the stop may exit as soon as it is
 * continued, and waitpid(WCONTINUED) then reports (and reaps) the exit
 * instead of the continue.
 *
 * who names the child in the messages ("the waiter"); NULL names none.
 */
#ifndef PTS_STOPCONT_H
#define PTS_STOPCONT_H

#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>

#include "posixtest.h"

#define PTS_WHO_(who) (who) ? " " : "", (who) ? (who) : ""

/* SIGSTOP and wait for the stop to be reported */
static inline void pts_stop(pid_t pid, const char *who)
{
	int status = 0;

	if (kill(pid, SIGSTOP) || waitpid(pid, &status, WUNTRACED) != pid ||
	    !WIFSTOPPED(status))
		PTS_UNRES("stopping%s%s: status 0x%x", PTS_WHO_(who), status);
}

/*
 * SIGCONT and wait for the continue to be reported: 0 then. A child that
 * went on to exit at once is reported (and reaped) as exited instead: 1
 * then, its status in *status. Anything else is unresolved.
 */
static inline int pts_cont_or_exit(pid_t pid, int *status, const char *who)
{
	if (kill(pid, SIGCONT) || waitpid(pid, status, WCONTINUED) != pid)
		PTS_UNRES("continuing%s%s: %m", PTS_WHO_(who));
	if (WIFEXITED(*status))
		return 1;
	if (!WIFCONTINUED(*status))
		PTS_UNRES("continuing%s%s: status 0x%x", PTS_WHO_(who), *status);
	return 0;
}

#endif /* PTS_STOPCONT_H */
