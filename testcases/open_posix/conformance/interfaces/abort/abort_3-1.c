// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * abort(): SIGABRT set to SIG_IGN does not stop abort() from ending the
 * process abnormally. A child ignoring SIGABRT (a raised one is indeed
 * discarded first) calls abort(): it is reaped as killed by SIGABRT.
 */
#include "pts_sigkit.h"

static int child(void)
{
	struct rlimit rl = { 0, 0 };

	setrlimit(RLIMIT_CORE, &rl);
	if (signal(SIGABRT, SIG_IGN) == SIG_ERR)
		return PTS_UNRESOLVED;
	if (raise(SIGABRT))
		return PTS_UNRESOLVED;
	/* still alive: the ignored signal was discarded */
	abort();
	return 4;
}

int main(void)
{
	pts_expect_killed(pts_fork_fn(child), SIGABRT,
			  "a child calling abort() with SIGABRT ignored");
	PTS_PASSED("abort() terminated the process by SIGABRT though ignored");
}
