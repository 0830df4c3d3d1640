// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_getscope() gets the contentionscope attribute,
 * PTHREAD_SCOPE_SYSTEM or PTHREAD_SCOPE_PROCESS. Linux supports system
 * scope only, so a default object must read one of the two values and
 * an object set to SYSTEM reads SYSTEM (0 returned by both calls); a
 * thread created from it is a kernel task of its own (a TID other than
 * the process's, listed in /proc/self/task), as system contention scope
 * means, and the attributes of the live thread (pthread_getattr_np())
 * read SYSTEM. PROCESS, where refused (ENOTSUP), leaves SYSTEM read.
 */
#include <pthread.h>

#include "pts_j19.h"

int main(void)
{
	struct pts_j19_park p;
	pthread_attr_t a, live;
	char path[64];
	int v = -1, e;

	pthread_attr_init(&a);
	PTS_EXPECT_ERR(pthread_attr_getscope(&a, &v), 0, "getscope(default)");
	printf("default scope %s\n", v == PTHREAD_SCOPE_SYSTEM ? "SYSTEM" :
	       v == PTHREAD_SCOPE_PROCESS ? "PROCESS" : "?");
	if (v != PTHREAD_SCOPE_SYSTEM && v != PTHREAD_SCOPE_PROCESS)
		PTS_FAILED("default scope reads %d", v);
	PTS_EXPECT_ERR(pthread_attr_setscope(&a, PTHREAD_SCOPE_SYSTEM), 0,
		       "setscope(SYSTEM)");
	e = pthread_attr_setscope(&a, PTHREAD_SCOPE_PROCESS);
	if (e && e != ENOTSUP)
		PTS_FAILED("setscope(PROCESS) returned %d", e);
	pthread_attr_getscope(&a, &v);
	if (e == ENOTSUP && v != PTHREAD_SCOPE_SYSTEM)
		PTS_FAILED("refused PROCESS changed the scope to %d", v);
	if (!e)
		PTS_UNSUPP("PTHREAD_SCOPE_PROCESS accepted: not Linux");
	e = pts_j19_park(&p, &a);
	if (e)
		PTS_UNRES("pthread_create(): %s", strerror(e));
	snprintf(path, sizeof(path), "/proc/self/task/%d", p.tid);
	if (p.tid == getpid() || access(path, F_OK))
		PTS_FAILED("the system-scope thread is no task of its own (%d)",
			   p.tid);
	if (pthread_getattr_np(p.t, &live))
		PTS_UNRES("pthread_getattr_np()");
	pthread_attr_getscope(&live, &v);
	pthread_attr_destroy(&live);
	pts_j19_release(&p, 1);
	pts_j19_park_close(&p);
	if (v != PTHREAD_SCOPE_SYSTEM)
		PTS_FAILED("the live thread's scope reads %d", v);
	PTS_PASSED("SYSTEM read back and a task of its own; PROCESS ENOTSUP kept SYSTEM");
}
