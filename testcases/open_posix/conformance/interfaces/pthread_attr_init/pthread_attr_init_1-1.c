// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Thread attributes read back: a new attributes object is
 * PTHREAD_CREATE_JOINABLE, PTHREAD_SCOPE_SYSTEM or PROCESS (which one is
 * implementation-defined: printed), policy SCHED_OTHER, with a stack
 * size of at least PTHREAD_STACK_MIN. Each setter's value reads back;
 * [EINVAL] for a detachstate, inheritsched, scope or policy that is not
 * one of the defined values and for a stack size below
 * PTHREAD_STACK_MIN, the old value kept; PTHREAD_SCOPE_PROCESS gives
 * ENOTSUP where only system scope exists. A thread created from an
 * object set to DETACHED and then back to JOINABLE is joinable.
 */
#include <limits.h>
#include <pthread.h>

#include "pts_helpers.h"

static void *thread(void *arg)
{
	return arg;
}

int main(void)
{
	static char token;
	pthread_attr_t a;
	size_t sz, gs;
	int v, err;
	pthread_t t;
	void *r;

	pthread_attr_init(&a);
	pthread_attr_getdetachstate(&a, &v);
	if (v != PTHREAD_CREATE_JOINABLE)
		PTS_FAILED("default detachstate %d, expected JOINABLE", v);
	pthread_attr_getschedpolicy(&a, &v);
	if (v != SCHED_OTHER)
		PTS_FAILED("default policy %d, expected SCHED_OTHER", v);
	pthread_attr_getstacksize(&a, &sz);
	if (sz < (size_t)PTHREAD_STACK_MIN)
		PTS_FAILED("default stack size %zu below PTHREAD_STACK_MIN", sz);
	pthread_attr_getguardsize(&a, &gs);
	pthread_attr_getscope(&a, &v);
	printf("defaults: stacksize %zu, guardsize %zu, scope %s (implementation-defined)\n",
	       sz, gs, v == PTHREAD_SCOPE_SYSTEM ? "SYSTEM" : "PROCESS");

	PTS_EXPECT_ERR(pthread_attr_setdetachstate(&a, 12345), EINVAL,
		       "setdetachstate(12345)");
	PTS_EXPECT_ERR(pthread_attr_setinheritsched(&a, 12345), EINVAL,
		       "setinheritsched(12345)");
	PTS_EXPECT_ERR(pthread_attr_setschedpolicy(&a, 12345), EINVAL,
		       "setschedpolicy(12345)");
	PTS_EXPECT_ERR(pthread_attr_setscope(&a, 12345), EINVAL,
		       "setscope(12345)");
	PTS_EXPECT_ERR(pthread_attr_setstacksize(&a, PTHREAD_STACK_MIN - 1),
		       EINVAL, "setstacksize(PTHREAD_STACK_MIN - 1)");
	pthread_attr_getstacksize(&a, &gs);
	if (gs != sz)
		PTS_FAILED("a refused stack size changed it to %zu", gs);
	err = pthread_attr_setscope(&a, PTHREAD_SCOPE_PROCESS);
	if (err && err != ENOTSUP)
		PTS_FAILED("setscope(PROCESS) returned %d, expected 0 or ENOTSUP",
			   err);
	printf("PTHREAD_SCOPE_PROCESS: %s\n", err ? "ENOTSUP" : "accepted");

	if (pthread_attr_setstacksize(&a, 4 * PTHREAD_STACK_MIN))
		PTS_FAILED("setstacksize(4 * PTHREAD_STACK_MIN) failed");
	pthread_attr_getstacksize(&a, &sz);
	if (sz != 4 * (size_t)PTHREAD_STACK_MIN)
		PTS_FAILED("stack size read back %zu", sz);
	pthread_attr_setguardsize(&a, 3 * 4096);
	pthread_attr_getguardsize(&a, &gs);
	if (gs != 3 * 4096)
		PTS_FAILED("guard size read back %zu, set 12288", gs);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_getinheritsched(&a, &v);
	if (v != PTHREAD_EXPLICIT_SCHED)
		PTS_FAILED("inheritsched read back %d", v);
	pthread_attr_setinheritsched(&a, PTHREAD_INHERIT_SCHED);
	pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
	pthread_attr_getdetachstate(&a, &v);
	if (v != PTHREAD_CREATE_DETACHED)
		PTS_FAILED("detachstate read back %d", v);
	pthread_attr_setdetachstate(&a, PTHREAD_CREATE_JOINABLE);
	err = pthread_create(&t, &a, thread, &token);
	if (err)
		PTS_FAILED("pthread_create() with the attributes: %s",
			   strerrorname_np(err));
	if (pthread_join(t, &r) || r != &token)
		PTS_FAILED("the thread was not joinable");
	PTS_PASSED("defaults, values read back, EINVAL");
}
