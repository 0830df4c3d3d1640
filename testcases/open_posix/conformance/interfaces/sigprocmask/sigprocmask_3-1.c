// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigprocmask(): "If set is a null pointer, the value of the argument how
 * is not significant and the thread's signal mask shall be unchanged";
 * oset then receives the current mask. A how that would be invalid
 * (and fails with [EINVAL] with a set) is accepted with a null set, for
 * oset NULL as well. A set with oset NULL changes the mask.
 */
#include "pts_helpers.h"

int main(void)
{
	int bad = SIG_BLOCK + SIG_UNBLOCK + SIG_SETMASK + 7;
	sigset_t set, old, now;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigaddset(&set, SIGRTMIN + 1);
	if (sigprocmask(SIG_SETMASK, &set, NULL))
		PTS_UNRES("sigprocmask(SIG_SETMASK, set, NULL): %s", strerror(errno));

	sigfillset(&old);
	if (sigprocmask(bad, NULL, &old))
		PTS_FAILED("sigprocmask(how %d, NULL, oset): %s", bad, strerror(errno));
	printf("oset: SIGUSR2 %d SIGRTMIN+1 %d SIGUSR1 %d\n",
	       sigismember(&old, SIGUSR2), sigismember(&old, SIGRTMIN + 1),
	       sigismember(&old, SIGUSR1));
	if (!sigismember(&old, SIGUSR2) || !sigismember(&old, SIGRTMIN + 1) ||
	    sigismember(&old, SIGUSR1) || sigismember(&old, SIGTERM))
		PTS_FAILED("oset is not the current mask");
	if (sigprocmask(SIG_UNBLOCK, NULL, &old) || sigprocmask(SIG_BLOCK, NULL, NULL) ||
	    sigprocmask(bad, NULL, NULL))
		PTS_FAILED("a NULL set with SIG_UNBLOCK/SIG_BLOCK/bad how: %s",
			   strerror(errno));
	sigprocmask(SIG_BLOCK, NULL, &now);
	if (!sigismember(&now, SIGUSR2) || !sigismember(&now, SIGRTMIN + 1) ||
	    sigismember(&now, SIGUSR1))
		PTS_FAILED("a NULL set changed the mask");
	PTS_EXPECT_ERRNO(sigprocmask(bad, &set, NULL), EINVAL,
			 "sigprocmask(bad how, set)");
	PTS_PASSED("NULL set: how ignored, mask unchanged, oset reports it");
}
