// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * killpg() returns -1 on failure (and 0 otherwise): a process group ID
 * that names no group - a reaped child's pid, which no process has as
 * its group any more, and INT_MAX, above any pid - gives exactly -1 with
 * [ESRCH], for SIGUSR1 and for the null signal; a group of one live
 * child (its own, setpgid()) gives 0 for the null signal and for
 * SIGUSR1, which the child takes (it exits 0 from its handler's flag).
 */
#include <limits.h>
#include <sys/prctl.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

static volatile sig_atomic_t got;

static void h(int sig)
{
	(void)sig;
	got = 1;
}

int main(void)
{
	pid_t gone, kid;
	long long end;
	int status, i;
	pid_t bad[2];
	char what[64];

	gone = fork();
	if (gone < 0)
		PTS_UNRES("fork(): %m");
	if (!gone)
		_exit(0);
	waitpid(gone, &status, 0);
	bad[0] = gone;
	bad[1] = INT_MAX;
	for (i = 0; i < 2; i++) {
		snprintf(what, sizeof(what), "killpg(%d, SIGUSR1)", (int)bad[i]);
		PTS_EXPECT_ERRNO(killpg(bad[i], SIGUSR1), ESRCH, what);
		snprintf(what, sizeof(what), "killpg(%d, 0)", (int)bad[i]);
		PTS_EXPECT_ERRNO(killpg(bad[i], 0), ESRCH, what);
	}

	pts_catch(SIGUSR1, h, 0);
	pts_mask1(SIG_BLOCK, SIGUSR1);
	fflush(stdout);
	kid = fork();
	if (kid < 0)
		PTS_UNRES("fork(): %m");
	if (!kid) {
		sigset_t none;

		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (setpgid(0, 0))
			_exit(PTS_UNRESOLVED);
		sigemptyset(&none);
		while (!got)
			sigsuspend(&none);
		_exit(0);
	}
	/* the child is in its group once getpgid() says so */
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (getpgid(kid) != kid) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the child never made its own group");
		pts_nap();
	}
	if (killpg(kid, 0) != 0)
		PTS_FAILED("killpg(live group, 0): %m");
	if (killpg(kid, SIGUSR1) != 0)
		PTS_FAILED("killpg(live group, SIGUSR1): %m");
	pts_reap(kid, "group member");
	PTS_PASSED("-1/ESRCH for absent groups, 0 for a live one");
}
