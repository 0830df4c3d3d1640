// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack(): a handler installed with SA_ONSTACK runs on the
 * alternate stack (a local variable of the handler lies inside it), and
 * while it runs sigaltstack() reports SS_ONSTACK; outside it reports 0,
 * the ss_sp and ss_size set. A handler without SA_ONSTACK runs on the
 * normal stack.
 */
#include "pts_helpers.h"

#define SIZE (64 * 1024)

static char *base;
static volatile int on_alt, flags_in;

static void handler(int sig)
{
	char here;
	stack_t cur;

	(void)sig;
	on_alt = &here >= base && &here < base + SIZE;
	sigaltstack(NULL, &cur);
	flags_in = cur.ss_flags;
}

int main(void)
{
	struct sigaction sa;
	stack_t ss, got;

	base = malloc(SIZE);
	if (!base)
		PTS_UNRES("malloc()");
	ss.ss_sp = base;
	ss.ss_size = SIZE;
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL))
		PTS_FAILED("sigaltstack(): %m");
	if (sigaltstack(NULL, &got) || got.ss_sp != base || got.ss_size != SIZE ||
	    got.ss_flags != 0)
		PTS_FAILED("sigaltstack() read back sp %p size %zu flags %d",
			   got.ss_sp, got.ss_size, got.ss_flags);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGUSR1, &sa, NULL);
	sa.sa_flags = 0;
	sigaction(SIGUSR2, &sa, NULL);
	raise(SIGUSR1);
	if (!on_alt)
		PTS_FAILED("SA_ONSTACK handler did not run on the alternate stack");
	if (!(flags_in & SS_ONSTACK))
		PTS_FAILED("SS_ONSTACK not reported inside the handler");
	raise(SIGUSR2);
	if (on_alt)
		PTS_FAILED("handler without SA_ONSTACK ran on the alternate stack");
	if (flags_in & SS_ONSTACK)
		PTS_FAILED("SS_ONSTACK reported on the normal stack");
	PTS_PASSED("SA_ONSTACK handler ran on the alternate stack");
}
