// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_setschedpolicy(): "may fail if: [EINVAL] The value of
 * policy is invalid", [ENOTSUP] for "an attempt to set the attribute to
 * an unsupported value"; a failed call changes nothing. On an object
 * holding SCHED_RR, policies -1, 7 and 100 (none exists) are EINVAL, and
 * Linux's SCHED_BATCH, SCHED_IDLE and SCHED_DEADLINE (not for thread
 * attributes) are EINVAL or ENOTSUP (printed; an implementation that
 * accepts one must then apply it). After all of them the object still
 * reads SCHED_RR, and an explicitly scheduled thread created from it
 * runs SCHED_RR 5 (the kernel's policy of its TID).
 */
#include <pthread.h>

#include "pts_j19.h"

int main(void)
{
	static const int junk[] = { -1, 7, 100 };
	static const int linux_only[] = { 3, 5, 6 };	/* BATCH, IDLE, DEADLINE */
	struct sched_param sp = { .sched_priority = 5 };
	struct pts_j19_park p;
	pthread_attr_t a;
	unsigned int i;
	int e, v, pol, prio;

	pts_need_sched_fifo();
	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	PTS_EXPECT_ERR(pthread_attr_setschedpolicy(&a, SCHED_RR), 0, "set(RR)");
	pthread_attr_setschedparam(&a, &sp);
	for (i = 0; i < 3; i++) {
		e = pthread_attr_setschedpolicy(&a, junk[i]);
		if (e != EINVAL)
			PTS_FAILED("policy %d returned %d, expected EINVAL", junk[i], e);
	}
	for (i = 0; i < 3; i++) {
		e = pthread_attr_setschedpolicy(&a, linux_only[i]);
		printf("policy %d: %s\n", linux_only[i], e ? strerrorname_np(e) : "0");
		if (!e)
			PTS_UNSUPP("policy %d accepted for threads: not the glibc case",
				   linux_only[i]);
		if (e != EINVAL && e != ENOTSUP)
			PTS_FAILED("policy %d returned %d", linux_only[i], e);
	}
	pthread_attr_getschedpolicy(&a, &v);
	if (v != SCHED_RR)
		PTS_FAILED("the failed calls changed the policy to %d", v);
	e = pts_j19_park(&p, &a);
	if (e)
		PTS_UNRES("pthread_create(): %s", strerror(e));
	pts_j19_sched_of(p.tid, &pol, &prio);
	pts_j19_release(&p, 1);
	pts_j19_park_close(&p);
	if (pol != SCHED_RR || prio != 5)
		PTS_FAILED("the thread runs %d/%d, expected RR 5", pol, prio);
	pthread_attr_destroy(&a);
	PTS_PASSED("invalid and Linux-only policies refused; RR kept and applied");
}
