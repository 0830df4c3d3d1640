// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigset() (XSI): when it does not succeed it returns SIG_ERR with
 * errno set; for an illegal signal number [EINVAL], with the mask and
 * the dispositions unchanged. Both sigset(sig, SIG_HOLD) and
 * sigset(sig, handler) are tried for 0, -1, _NSIG, INT_MAX, INT_MIN and
 * glibc's reserved 32 and 33; after each pair the kernel's SigBlk,
 * SigCgt, SigIgn, SigPnd and ShdPnd are read back unchanged
 * (pts_posixk19.h). sigset(SIGTERM, SIG_HOLD) then blocks exactly
 * SIGTERM more.
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_posixk19.h"

static void h(int sig)
{
	(void)sig;
}

static long call(int sig)
{
	return sigset(sig, SIG_HOLD) == SIG_ERR && errno == EINVAL &&
	       sigset(sig, h) == SIG_ERR ? -1 : 0;
}

int main(void)
{
	unsigned long long v[PTS_K19_NFIELDS];

	pts_k19_fixture();
	pts_k19_refused("sigset", call, -1);
	/* the same call on a real signal does change the state read */
	pts_k19_state(v);
	if (sigset(SIGTERM, SIG_HOLD) == SIG_ERR ||
	    pts_task_mask(getpid(), getpid(), "SigBlk") != (v[0] | PTS_SIGBIT(SIGTERM)))
		PTS_FAILED("sigset(SIGTERM, SIG_HOLD) did not block exactly SIGTERM more");
	PTS_PASSED("sigset(): -1 [EINVAL] for every number that is no signal, state kept");
}
