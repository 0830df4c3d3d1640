// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_atfork(): "Upon successful completion, pthread_atfork() shall
 * return a value of zero". 1000 handler triples (five distinct triples
 * in a fixed pattern) are registered, every call returning 0, and each
 * registered handler runs at the fork(), none lost or doubled: the
 * prepare handlers exactly in the reverse order of
 * registration, the parent and child handlers in that order, each in
 * its own process (the child checks its list and reports).
 */
#include <pthread.h>

#include "pts_helpers.h"

#define NREG 1000
#define NFN 5

static int order[NREG];	/* handler id of each registration */
static int nreg, nprep, npar, nchild, bad;
static pid_t parent_pid;

#define HANDLERS(i) \
static void prep##i(void) \
{ \
	if (nprep >= nreg || order[nreg - 1 - nprep] != (i) || getpid() != parent_pid) \
		bad = 1; \
	nprep++; \
} \
static void par##i(void) \
{ \
	if (npar >= nreg || order[npar] != (i) || getpid() != parent_pid) \
		bad = 1; \
	npar++; \
} \
static void child##i(void) \
{ \
	if (nchild >= nreg || order[nchild] != (i) || getpid() == parent_pid) \
		bad = 1; \
	nchild++; \
}
HANDLERS(0) HANDLERS(1) HANDLERS(2) HANDLERS(3) HANDLERS(4)

static void (*const preps[NFN])(void) = { prep0, prep1, prep2, prep3, prep4 };
static void (*const pars[NFN])(void) = { par0, par1, par2, par3, par4 };
static void (*const childs[NFN])(void) = { child0, child1, child2, child3, child4 };

int main(void)
{
	pid_t pid;
	int e, st, id;

	parent_pid = getpid();
	while (nreg < NREG) {
		id = (nreg * 3) % NFN;
		e = pthread_atfork(preps[id], pars[id], childs[id]);
		if (e)
			PTS_FAILED("registration %d returned %d (%s)", nreg, e,
				   strerrorname_np(e));
		order[nreg++] = id;
	}

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		_exit(bad || nchild != nreg || npar ? 1 : 0);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		PTS_FAILED("the child ran its handlers wrongly (or %d prepare/parent)",
			   nprep);
	if (bad || nprep != nreg || npar != nreg || nchild)
		PTS_FAILED("%d prepare and %d parent handlers ran of %d (order ok: %d)",
			   nprep, npar, nreg, !bad);
	PTS_PASSED("%d registrations all 0; every handler ran once, in order",
		   nreg);
}
