// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigrelse() (XSI): "If the function is passed an illegal signal
 * number" it returns -1 with errno [EINVAL], and the signal mask (here
 * SIGUSR1 blocked and pending) is not changed. Tried: 0, -1, _NSIG,
 * INT_MAX, INT_MIN and glibc's reserved 32 and 33; after each the
 * kernel's SigBlk, SigIgn, SigCgt, SigPnd and ShdPnd are read back
 * unchanged (pts_posixk19.h). sigrelse(SIGUSR2), not blocked, then
 * returns 0 with the mask still the same.
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_posixk19.h"

static void h(int sig)
{
	(void)sig;
}

static long call(int sig)
{
	return sigrelse(sig);
}

int main(void)
{
	unsigned long long v[PTS_K19_NFIELDS];

	pts_k19_fixture();
	pts_k19_refused("sigrelse", call, -1);
	/* the same call on a real signal does change the state read */
	(void)h;
	pts_k19_state(v);
	if (sigrelse(SIGUSR2) ||
	    pts_task_mask(getpid(), getpid(), "SigBlk") != v[0])
		PTS_FAILED("sigrelse(SIGUSR2) failed or changed SigBlk");
	PTS_PASSED("sigrelse(): -1 [EINVAL] for every number that is no signal, state kept");
}
