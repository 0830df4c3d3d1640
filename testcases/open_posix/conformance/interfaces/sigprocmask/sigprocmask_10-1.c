// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigprocmask(): "It is not possible to block those signals which cannot
 * be ignored. This shall be enforced by the system without causing an
 * error to be indicated." SIG_SETMASK of a full set returns 0; the
 * kernel's mask then holds every other signal but not SIGKILL or
 * SIGSTOP, and both still act on the process: SIGSTOP stops it, a
 * blocked SIGCONT continues it, SIGKILL kills it.
 */
#include "pts_unblockable.h"

static int block_all(const sigset_t *set)
{
	return sigprocmask(SIG_SETMASK, set, NULL);
}

int main(void)
{
	pts_unblockable_check(block_all, "sigprocmask(SIG_SETMASK)");
	PTS_PASSED("SIGKILL and SIGSTOP left out silently and still act");
}
