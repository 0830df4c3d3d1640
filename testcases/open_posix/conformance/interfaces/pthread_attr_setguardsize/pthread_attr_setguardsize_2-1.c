// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_setguardsize(): with a guardsize of N > 0 "the
 * implementation allocates extra memory at the overflow end of the
 * stack of the thread" of at least N bytes (rounded up to a multiple of
 * the page size), and "if guardsize is zero, a guard area shall not be
 * provided for threads created with attr". Read from the kernel's
 * mappings (/proc/self/maps): the mapping holding a local variable of a
 * thread created with a guardsize of 16 pages plus one byte is readable
 * and writable, and the mapping right below it (the overflow end: the
 * stack grows down) is inaccessible (---p) and at least 17 pages long;
 * for a thread created with guardsize 0 (the first thread of the
 * process, so that no cached stack of an earlier thread is reused), no
 * inaccessible mapping adjoins its stack mapping from below.
 */
#include <pthread.h>

#include "pts_helpers.h"
#include "pts_stackmap.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	struct pts_vma v[2];
	pthread_attr_t a;
	size_t gs;
	pthread_t t;

	pthread_attr_init(&a);
	/* first, while no stack of an earlier thread is cached for reuse */
	if (pthread_attr_setguardsize(&a, 0))
		PTS_FAILED("guardsize 0 refused");
	if (pthread_create(&t, &a, pts_stack_vmas, v) || pthread_join(t, NULL))
		PTS_UNRES("pthread_create() or pthread_join()");
	if (!v[0].hi)
		PTS_UNRES("no mapping holds the thread's stack");
	if (v[1].hi && !strncmp(v[1].perms, "---", 3))
		PTS_FAILED("guardsize 0: an inaccessible mapping %lx-%lx lies below the stack",
			   v[1].lo, v[1].hi);
	printf("guardsize 0: below the stack %lx-%lx: %s\n", v[0].lo, v[0].hi,
	       v[1].hi ? v[1].perms : "no mapping");

	if (pthread_attr_setguardsize(&a, 16 * pg + 1) ||
	    pthread_attr_getguardsize(&a, &gs) || gs != (size_t)(16 * pg + 1))
		PTS_FAILED("guardsize 16 pages + 1 not read back");
	if (pthread_create(&t, &a, pts_stack_vmas, v) || pthread_join(t, NULL))
		PTS_UNRES("pthread_create() or pthread_join()");
	if (!v[0].hi)
		PTS_UNRES("no mapping holds the thread's stack");
	if (strncmp(v[0].perms, "rw", 2))
		PTS_FAILED("the stack mapping is %s, not read/write", v[0].perms);
	if (strncmp(v[1].perms, "---", 3))
		PTS_FAILED("below the stack %lx-%lx lies %s (%lx-%lx), no guard",
			   v[0].lo, v[0].hi, v[1].perms[0] ? v[1].perms : "nothing",
			   v[1].lo, v[1].hi);
	if ((long)(v[1].hi - v[1].lo) < 17 * pg)
		PTS_FAILED("the guard is %lu bytes, less than 17 pages",
			   v[1].hi - v[1].lo);
	printf("guard of %lu pages below the stack %lx-%lx\n",
	       (v[1].hi - v[1].lo) / pg, v[0].lo, v[0].hi);
	PTS_PASSED("a guard of at least guardsize below the stack, none for 0");
}
