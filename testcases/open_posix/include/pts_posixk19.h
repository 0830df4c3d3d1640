/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The old signal calls (sighold(), sigrelse(), sigignore(), signal(),
 * sigset()) given a number that is no signal: the invalid numbers (0,
 * -1, _NSIG, INT_MAX, INT_MIN) and those glibc keeps for itself between
 * SIGSYS and SIGRTMIN (32 and 33), which an application cannot use. Each
 * call must fail with [EINVAL] and leave the signal state the kernel
 * keeps for the process (SigBlk, SigIgn, SigCgt, SigPnd, ShdPnd) as it
 * was. The fixture catches SIGHUP, SIGRTMIN and SIGUSR1, which is
 * blocked and pending for the thread and for the process, and ignores
 * SIGUSR2, so that a change to any of the five shows.
 */
#ifndef PTS_POSIXK19_H
#define PTS_POSIXK19_H

#include <limits.h>

#include "pts_sigkit.h"

#define PTS_K19_NFIELDS 5

static const char *const pts_k19_fields[PTS_K19_NFIELDS] = {
	"SigBlk", "SigIgn", "SigCgt", "SigPnd", "ShdPnd",
};

static inline void pts_k19_state(unsigned long long *v)
{
	int i;

	for (i = 0; i < PTS_K19_NFIELDS; i++)
		v[i] = pts_task_mask(getpid(), getpid(), pts_k19_fields[i]);
}

static void pts_k19_handler(int sig)
{
	(void)sig;
}

/* a state in which each field has a bit of its own */
static inline void pts_k19_fixture(void)
{
	pts_catch(SIGHUP, pts_k19_handler, 0);
	pts_catch(SIGRTMIN, pts_k19_handler, 0);
	pts_catch(SIGUSR1, pts_k19_handler, 0);
	signal(SIGUSR2, SIG_IGN);
	pts_mask1(SIG_SETMASK, SIGUSR1);
	raise(SIGUSR1);
	kill(getpid(), SIGUSR1);
}

/*
 * call(sig) must return fail with errno EINVAL for every number that is
 * no signal, the kernel's signal state unchanged after each. A reserved
 * number the C library accepts is reported unsupported (rejecting it is
 * glibc's choice); an invalid one accepted is a failure.
 */
static inline void pts_k19_refused(const char *name, long (*call)(int),
				   long fail)
{
	int bad[] = { 0, -1, _NSIG, INT_MAX, INT_MIN };
	unsigned long long before[PTS_K19_NFIELDS], after[PTS_K19_NFIELDS];
	unsigned int k;
	int sig, i;
	long r;

	pts_k19_state(before);
	for (k = 0; k < sizeof(bad) / sizeof(bad[0]) + SIGRTMIN; k++) {
		if (k < sizeof(bad) / sizeof(bad[0]))
			sig = bad[k];
		else if ((sig = k - sizeof(bad) / sizeof(bad[0])) <= SIGSYS)
			continue;
		errno = 0;
		r = call(sig);
		printf("%s(%d): %ld %s\n", name, sig, r,
		       errno ? strerrorname_np(errno) : "0");
		if (r != fail && k >= sizeof(bad) / sizeof(bad[0]))
			PTS_UNSUPP("%s(%d) accepted the reserved number", name, sig);
		if (r != fail || errno != EINVAL)
			PTS_FAILED("%s(%d) returned %ld, errno %d; expected %ld, EINVAL",
				   name, sig, r, errno, fail);
		pts_k19_state(after);
		for (i = 0; i < PTS_K19_NFIELDS; i++)
			if (after[i] != before[i])
				PTS_FAILED("%s(%d) changed %s from %llx to %llx", name,
					   sig, pts_k19_fields[i], before[i], after[i]);
	}
}

#endif /* PTS_POSIXK19_H */
