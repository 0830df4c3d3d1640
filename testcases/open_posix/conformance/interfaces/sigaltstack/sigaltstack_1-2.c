// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack(): signals whose action has SA_ONSTACK are delivered on the
 * alternate stack, which is what makes a stack overflow catchable. A
 * child with RLIMIT_STACK 1 MiB recurses until its stack cannot grow:
 * the SIGSEGV handler runs on the alternate stack (a local of it lies
 * inside the area, SS_ONSTACK set) and the child exits 0 from there.
 */
#include "pts_sigkit.h"

static char *alt;
#define ALT_SIZE (256 * 1024)

static void handler(int sig)
{
	stack_t cur;
	char here;

	(void)sig;
	if (sigaltstack(NULL, &cur))
		_exit(PTS_UNRESOLVED);
	if (&here < alt || &here >= alt + ALT_SIZE || !(cur.ss_flags & SS_ONSTACK))
		_exit(PTS_FAIL);
	_exit(PTS_PASS);
}

static int deep(int n)
{
	volatile char buf[1024];

	if (n < 0)	/* never: keeps the compiler from seeing no exit */
		return 0;
	buf[0] = n;
	buf[sizeof(buf) - 1] = n;
	return deep(n + 1) + buf[0] + buf[sizeof(buf) - 1];
}

static int child(void)
{
	struct rlimit rl = { 1 << 20, 1 << 20 };
	struct sigaction sa;
	stack_t ss;

	alt = malloc(ALT_SIZE);
	if (!alt || setrlimit(RLIMIT_STACK, &rl))
		return PTS_UNRESOLVED;
	ss.ss_sp = alt;
	ss.ss_size = ALT_SIZE;
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL))
		return PTS_UNRESOLVED;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
	return deep(0) ? 6 : 7;	/* never returns */
}

int main(void)
{
	pts_reap(pts_fork_fn(child), "a child overflowing its stack");
	PTS_PASSED("SIGSEGV of the overflow handled on the alternate stack");
}
