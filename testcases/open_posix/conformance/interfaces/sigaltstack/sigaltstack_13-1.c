// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack() fails with [EPERM] on "an attempt to modify an active
 * stack" - whatever handler is running on it. A SIGUSR2 handler without
 * SA_ONSTACK, raised from inside an SA_ONSTACK SIGUSR1 handler, runs on
 * the alternate stack too (the stack in use; a local of it lies inside
 * the area): there, sigaltstack() reports SS_ONSTACK and refuses a new
 * stack and SS_DISABLE with -1 [EPERM]; raised outside, the same
 * handler runs on the normal stack, reports no SS_ONSTACK, and may
 * replace the stack (then put back).
 */
#include "pts_helpers.h"
#include "pts_sigkit.h"

#define SIZE (64 * 1024)

static char *a, *b;
static volatile int inside, flags, e_new, e_dis, ran;

static int change(void *sp, int fl)
{
	stack_t ss = { .ss_sp = sp, .ss_size = SIZE, .ss_flags = fl };

	errno = 0;
	return sigaltstack(&ss, NULL) ? errno : 0;
}

static void h2(int sig)
{
	volatile char local;
	stack_t q;

	(void)sig;
	inside = (char *)&local >= a && (char *)&local < a + SIZE;
	flags = sigaltstack(NULL, &q) ? -1 : q.ss_flags;
	e_new = change(b, 0);
	e_dis = change(NULL, SS_DISABLE);
	if (!inside && !e_new)
		change(a, 0);
	ran++;
}

static void h1(int sig)
{
	(void)sig;
	raise(SIGUSR2);
}

int main(void)
{
	struct sigaction sa;

	a = malloc(SIZE);
	b = malloc(SIZE);
	if (!a || !b || change(a, 0))
		PTS_UNRES("set-up: %m");
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = h1;
	sa.sa_flags = SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	pts_catch(SIGUSR2, h2, 0);

	raise(SIGUSR1);
	if (ran != 1)
		PTS_UNRES("the nested handler ran %d times", ran);
	if (!inside || flags != SS_ONSTACK)
		PTS_FAILED("nested handler: on the area %d, flags %d", inside, flags);
	if (e_new != EPERM || e_dis != EPERM)
		PTS_FAILED("nested handler on the stack: %s, %s; expected EPERM twice",
			   e_new ? strerrorname_np(e_new) : "0",
			   e_dis ? strerrorname_np(e_dis) : "0");

	raise(SIGUSR2);
	if (ran != 2 || inside || flags != 0)
		PTS_FAILED("outside: on the area %d, flags %d", inside, flags);
	if (e_new)
		PTS_FAILED("replacing the stack off it: %s", strerrorname_np(e_new));
	PTS_PASSED("EPERM in a non-SA_ONSTACK handler running on the stack");
}
