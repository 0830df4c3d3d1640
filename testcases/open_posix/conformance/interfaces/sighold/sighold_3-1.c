// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sighold() (XSI): "If the function is passed an illegal signal
 * number" it returns -1 with errno [EINVAL], and the signal mask is not
 * changed. Tried: 0, -1, _NSIG, INT_MAX, INT_MIN and glibc's reserved
 * 32 and 33; after each the kernel's SigBlk, SigIgn, SigCgt, SigPnd and
 * ShdPnd of the process are read back unchanged (pts_posixk19.h). A
 * sighold(SIGRTMIN) after them does add exactly that bit to SigBlk.
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_posixk19.h"

static void h(int sig)
{
	(void)sig;
}

static long call(int sig)
{
	return sighold(sig);
}

int main(void)
{
	unsigned long long v[PTS_K19_NFIELDS];

	pts_k19_fixture();
	pts_k19_refused("sighold", call, -1);
	/* the same call on a real signal does change the state read */
	(void)h;
	pts_k19_state(v);
	if (sighold(SIGRTMIN) ||
	    pts_task_mask(getpid(), getpid(), "SigBlk") != (v[0] | PTS_SIGBIT(SIGRTMIN)))
		PTS_FAILED("sighold(SIGRTMIN) did not block exactly SIGRTMIN more");
	PTS_PASSED("sighold(): -1 [EINVAL] for every number that is no signal, state kept");
}
