// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack(): with ss_flags SS_DISABLE "the stack is disabled and
 * ss_sp and ss_size are ignored" (a NULL ss_sp and a size below
 * MINSIGSTKSZ are accepted); with ss NULL nothing changes and oss
 * reports the current stack. The alternate stack belongs to the thread
 * that set it: a thread created afterwards starts with none
 * (SS_DISABLE), and setting one there does not change the creator's.
 */
#include <pthread.h>
#include "pts_helpers.h"

static char stack1[1 << 16], stack2[1 << 16];

static void *thread(void *arg)
{
	stack_t ss, old;

	(void)arg;
	if (sigaltstack(NULL, &old))
		return (void *)(long)PTS_UNRESOLVED;
	printf("new thread: ss_flags %#x\n", old.ss_flags);
	if (!(old.ss_flags & SS_DISABLE))
		return (void *)(long)PTS_FAIL;
	ss.ss_sp = stack2;
	ss.ss_size = sizeof(stack2);
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL))
		return (void *)(long)PTS_UNRESOLVED;
	return (void *)(long)PTS_PASS;
}

int main(void)
{
	stack_t ss, old;
	pthread_t t;
	void *ret;

	ss.ss_sp = stack1;
	ss.ss_size = sizeof(stack1);
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL))
		PTS_UNRES("sigaltstack(): %s", strerror(errno));
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pthread_join(t, &ret);
	if ((long)ret == PTS_FAIL)
		PTS_FAILED("the new thread inherited an alternate stack");
	if ((long)ret != PTS_PASS)
		PTS_UNRES("sigaltstack() in the thread failed");
	if (sigaltstack(NULL, &old))
		PTS_UNRES("sigaltstack(NULL): %s", strerror(errno));
	printf("main: ss_sp %p ss_size %zu ss_flags %#x\n", old.ss_sp,
	       old.ss_size, old.ss_flags);
	if (old.ss_sp != stack1 || old.ss_size != sizeof(stack1) || old.ss_flags)
		PTS_FAILED("the creator's stack changed");

	ss.ss_sp = NULL;
	ss.ss_size = 1;
	ss.ss_flags = SS_DISABLE;
	if (sigaltstack(&ss, &old))
		PTS_FAILED("SS_DISABLE with NULL ss_sp, size 1: %s", strerror(errno));
	if (old.ss_sp != stack1)
		PTS_FAILED("oss did not report the stack being disabled");
	if (sigaltstack(NULL, &old) || !(old.ss_flags & SS_DISABLE))
		PTS_FAILED("the stack is not disabled");
	PTS_PASSED("per-thread alternate stack; SS_DISABLE ignores ss_sp/ss_size");
}
