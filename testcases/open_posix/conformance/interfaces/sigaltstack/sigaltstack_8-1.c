// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack(): with SS_DISABLE the alternate stack is disabled. After
 * an alternate stack has been used by an SA_ONSTACK handler, disabling
 * it (reads back SS_DISABLE) makes the same handler run on the normal
 * stack: a local of it lies outside the old area, and sigaltstack()
 * inside reports no SS_ONSTACK.
 */
#include "pts_sigkit.h"

#define ALT_SIZE 65536

static char alt[ALT_SIZE];
static volatile sig_atomic_t on_alt, flag_onstack;

static void handler(int sig)
{
	stack_t cur;
	char here;

	(void)sig;
	on_alt = &here >= alt && &here < alt + ALT_SIZE;
	flag_onstack = !sigaltstack(NULL, &cur) && (cur.ss_flags & SS_ONSTACK);
}

int main(void)
{
	struct sigaction sa;
	stack_t ss, old;

	ss.ss_sp = alt;
	ss.ss_size = ALT_SIZE;
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL))
		PTS_UNRES("sigaltstack(): %s", strerror(errno));
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	if (!on_alt || !flag_onstack)
		PTS_UNRES("the enabled alternate stack was not used");
	ss.ss_flags = SS_DISABLE;
	if (sigaltstack(&ss, NULL) || sigaltstack(NULL, &old))
		PTS_FAILED("SS_DISABLE: %s", strerror(errno));
	if (!(old.ss_flags & SS_DISABLE))
		PTS_FAILED("ss_flags 0x%x after SS_DISABLE", old.ss_flags);
	raise(SIGUSR1);
	if (on_alt || flag_onstack)
		PTS_FAILED("the handler still ran on the disabled stack");
	PTS_PASSED("after SS_DISABLE the handler ran on the normal stack");
}
