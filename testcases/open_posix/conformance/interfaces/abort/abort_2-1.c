// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * abort(): "The abnormal termination processing shall include the
 * default actions defined for SIGABRT" and it overrides "blocking or
 * ignoring the SIGABRT signal". A child with SIGABRT blocked (also a
 * pending SIGABRT already raised while blocked) calls abort(): it is
 * reaped as killed by SIGABRT.
 */
#include "pts_sigkit.h"

static int child(void)
{
	struct rlimit rl = { 0, 0 };
	sigset_t set;

	setrlimit(RLIMIT_CORE, &rl);
	pts_mask1(SIG_BLOCK, SIGABRT);
	raise(SIGABRT);
	sigpending(&set);
	if (!sigismember(&set, SIGABRT))
		return PTS_UNRESOLVED;
	abort();
	return 4;
}

int main(void)
{
	pts_expect_killed(pts_fork_fn(child), SIGABRT,
			  "a child calling abort() with SIGABRT blocked");
	PTS_PASSED("abort() terminated the process by SIGABRT though blocked");
}
