// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_create(): the new thread does not inherit the creator's
 * alternate signal stack. Main installs one and an SA_ONSTACK handler
 * for SIGUSR1, which runs on that stack in main (the control). The new
 * thread's sigaltstack() reports SS_DISABLE, and the same handler, raised
 * in the new thread, runs on the thread's own stack, outside main's
 * alternate stack.
 */
#include <pthread.h>
#include <stdint.h>

#include "pts_helpers.h"

static char *alt;
static size_t alt_size;
static volatile uintptr_t handler_at;

static void handler(int sig)
{
	volatile char here;

	(void)sig;
	handler_at = (uintptr_t)&here;
}

static int on_alt(uintptr_t p)
{
	return p >= (uintptr_t)alt && p < (uintptr_t)alt + alt_size;
}

static void *thread(void *arg)
{
	stack_t old;

	(void)arg;
	if (sigaltstack(NULL, &old))
		return (void *)1L;
	if (!(old.ss_flags & SS_DISABLE))
		return (void *)2L;
	handler_at = 0;
	raise(SIGUSR1);
	if (!handler_at)
		return (void *)3L;
	return on_alt(handler_at) ? (void *)4L : NULL;
}

int main(void)
{
	static const char *const why[] = { "", "sigaltstack() failed",
		"an alternate stack is enabled", "the handler did not run",
		"the handler ran on main's alternate stack" };
	struct sigaction sa = { .sa_handler = handler, .sa_flags = SA_ONSTACK };
	stack_t ss;
	pthread_t t;
	void *r;

	alt_size = SIGSTKSZ * 4;
	alt = malloc(alt_size);
	if (!alt)
		PTS_UNRES("malloc()");
	ss.ss_sp = alt;
	ss.ss_size = alt_size;
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL) || sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaltstack()/sigaction(): %s", strerror(errno));
	raise(SIGUSR1);
	if (!handler_at || !on_alt(handler_at))
		PTS_UNRES("main's SA_ONSTACK handler did not run on its alternate stack");
	if (pthread_create(&t, NULL, thread, NULL) || pthread_join(t, &r))
		PTS_UNRES("pthread_create/join");
	if ((long)r < 0 || (long)r > 4)
		PTS_UNRES("thread returned %ld", (long)r);
	if (r)
		PTS_FAILED("in the new thread: %s", why[(long)r]);
	PTS_PASSED("the new thread starts without the creator's alternate signal stack");
}
