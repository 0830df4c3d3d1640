// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigignore() (XSI): "If the function is passed an illegal signal
 * number" it returns -1 with errno [EINVAL], and no disposition
 * changes. Tried: 0, -1, _NSIG, INT_MAX, INT_MIN and glibc's reserved 32
 * and 33; after each the kernel's SigIgn and SigCgt (and SigBlk, SigPnd,
 * ShdPnd) are read back unchanged (pts_posixk19.h). sigignore(SIGHUP),
 * caught before, then moves exactly that bit from SigCgt to SigIgn.
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_posixk19.h"

static void h(int sig)
{
	(void)sig;
}

static long call(int sig)
{
	return sigignore(sig);
}

int main(void)
{
	unsigned long long v[PTS_K19_NFIELDS];

	pts_k19_fixture();
	pts_k19_refused("sigignore", call, -1);
	/* the same call on a real signal does change the state read */
	(void)h;
	pts_k19_state(v);
	if (sigignore(SIGHUP) ||
	    pts_task_mask(getpid(), getpid(), "SigIgn") != (v[1] | PTS_SIGBIT(SIGHUP)) ||
	    pts_task_mask(getpid(), getpid(), "SigCgt") != (v[2] & ~PTS_SIGBIT(SIGHUP)))
		PTS_FAILED("sigignore(SIGHUP) did not move exactly SIGHUP to SigIgn");
	PTS_PASSED("sigignore(): -1 [EINVAL] for every number that is no signal, state kept");
}
