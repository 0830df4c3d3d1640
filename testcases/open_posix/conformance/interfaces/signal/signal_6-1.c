// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * signal(): returns SIG_ERR and sets errno to [EINVAL] if sig is not a
 * valid signal number, changing nothing. A handler is offered for 0,
 * -1, _NSIG, INT_MAX, INT_MIN and glibc's reserved 32 and 33 (not
 * signals an application may catch); after each the kernel's SigCgt,
 * SigIgn (and SigBlk, SigPnd, ShdPnd) are read back unchanged
 * (pts_posixk19.h). signal(SIGTERM, handler) then adds exactly SIGTERM
 * to SigCgt.
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_posixk19.h"

static void h(int sig)
{
	(void)sig;
}

static long call(int sig)
{
	return signal(sig, h) == SIG_ERR ? -1 : 0;
}

int main(void)
{
	unsigned long long v[PTS_K19_NFIELDS];

	pts_k19_fixture();
	pts_k19_refused("signal", call, -1);
	/* the same call on a real signal does change the state read */
	pts_k19_state(v);
	if (signal(SIGTERM, h) == SIG_ERR ||
	    pts_task_mask(getpid(), getpid(), "SigCgt") != (v[2] | PTS_SIGBIT(SIGTERM)))
		PTS_FAILED("signal(SIGTERM, h) did not catch exactly SIGTERM more");
	PTS_PASSED("signal(): -1 [EINVAL] for every number that is no signal, state kept");
}
