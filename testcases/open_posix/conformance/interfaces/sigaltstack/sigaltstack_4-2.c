// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack(): the area from ss_sp up to but not including
 * ss_sp + ss_size is what the implementation uses as the stack. An
 * SA_ONSTACK SA_SIGINFO handler's local, its siginfo and its ucontext
 * all lie inside the area; the area is written at its top end; guard
 * bytes just below ss_sp and at ss_sp + ss_size are left untouched.
 */
#include "pts_sigkit.h"

#define GUARD 4096
#define SIZE 65536

static unsigned char buf[GUARD + SIZE + GUARD];
static unsigned char *area = buf + GUARD;
static volatile sig_atomic_t inside;

static int in_area(const void *p)
{
	return (const unsigned char *)p >= area &&
	       (const unsigned char *)p < area + SIZE;
}

static void handler(int sig, siginfo_t *si, void *uc)
{
	char here;

	(void)sig;
	inside = in_area(&here) && in_area(si) && in_area(uc);
}

int main(void)
{
	struct sigaction sa;
	stack_t ss;
	int i, top = 0;

	memset(buf, 0xa5, sizeof(buf));
	ss.ss_sp = area;
	ss.ss_size = SIZE;
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL))
		PTS_UNRES("sigaltstack(): %s", strerror(errno));
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	if (!inside)
		PTS_FAILED("the handler's local, siginfo or ucontext lay outside the area");
	for (i = 0; i < GUARD; i++) {
		if (buf[i] != 0xa5 || area[SIZE + i] != 0xa5)
			PTS_FAILED("a guard byte %s the area was written",
				   buf[i] != 0xa5 ? "below" : "above");
	}
	for (i = SIZE - 4096; i < SIZE; i++)
		top |= area[i] != 0xa5;
	if (!top)
		PTS_FAILED("the top page of the area was not used");
	PTS_PASSED("the frame lay within [ss_sp, ss_sp + ss_size)");
}
