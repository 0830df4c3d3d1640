// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_getstacksize() "shall get the stacksize attribute": the
 * value read is the one set (PTHREAD_STACK_MIN, 3 MiB, 8 MiB: multiples
 * of the page size, which glibc does not round),
 * and the stacksize attribute is "the minimum stack size (in bytes)
 * allocated for the created thread stack": a thread created with each
 * reports at least that much on its live attributes
 * (pthread_getattr_np()), and the kernel's mapping holding a local of
 * the thread (/proc/self/maps) spans at least that many bytes below
 * the local's page end. The default is printed (implementation-defined).
 */
#include <pthread.h>

#include "pts_j19.h"

int main(void)
{
	size_t sizes[] = { PTHREAD_STACK_MIN, 3 * 1024 * 1024,
			   8 * 1024 * 1024 };
	unsigned long lo, hi;
	struct pts_j19_park p;
	pthread_attr_t a;
	size_t v, gsize;
	unsigned int i;
	void *gaddr;
	int e;

	pthread_attr_init(&a);
	PTS_EXPECT_ERR(pthread_attr_getstacksize(&a, &v), 0, "getstacksize()");
	printf("default stacksize %zu\n", v);
	for (i = 0; i < 3; i++) {
		PTS_EXPECT_ERR(pthread_attr_setstacksize(&a, sizes[i]), 0,
			       "setstacksize()");
		v = 0;
		PTS_EXPECT_ERR(pthread_attr_getstacksize(&a, &v), 0,
			       "getstacksize()");
		if (v != sizes[i])
			PTS_FAILED("stacksize %zu read back as %zu", sizes[i], v);
		e = pts_j19_park(&p, &a);
		if (e)
			PTS_UNRES("pthread_create(%zu): %s", v, strerror(e));
		pts_j19_stack_of(p.t, &gaddr, &gsize);
		if (!pts_j19_mapping(p.local, &lo, &hi))
			PTS_FAILED("the thread's local is in no mapping");
		pts_j19_release(&p, 1);
		pts_j19_park_close(&p);
		printf("set %zu: thread stack %zu, mapping %lu bytes\n", v,
		       gsize, hi - lo);
		if (gsize < v)
			PTS_FAILED("thread got a %zu byte stack for %zu", gsize, v);
		if (hi - lo < v)
			PTS_FAILED("its mapping is %lu bytes, less than %zu",
				   hi - lo, v);
	}
	pthread_attr_destroy(&a);
	PTS_PASSED("stacksize read back; each thread had at least that much stack");
}
