// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_getstack() "shall get ... the thread creation stack
 * attributes stackaddr and stacksize": the lowest address and the size
 * of the storage given to pthread_attr_setstack() come back as given.
 * A thread created from the object runs on that storage: a local of
 * its start routine lies inside [stackaddr, stackaddr + stacksize), in
 * a mapping that holds the whole area (/proc/self/maps: the kernel may
 * merge it with an adjacent anonymous mapping), and the live
 * thread's attributes (pthread_getattr_np()) report the same area.
 */
#include <pthread.h>

#include "pts_j19.h"

int main(void)
{
	size_t len = 4 * PTHREAD_STACK_MIN, gsize;
	unsigned long lo, hi, l;
	struct pts_j19_park p;
	pthread_attr_t a;
	void *stk, *gaddr;
	char *mem;
	int e;

	mem = mmap(NULL, len, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		PTS_UNRES("mmap(): %s", strerror(errno));
	pthread_attr_init(&a);
	PTS_EXPECT_ERR(pthread_attr_setstack(&a, mem, len), 0, "setstack()");
	PTS_EXPECT_ERR(pthread_attr_getstack(&a, &stk, &gsize), 0, "getstack()");
	if (stk != mem || gsize != len)
		PTS_FAILED("getstack() %p/%zu, set %p/%zu", stk, gsize,
			   (void *)mem, len);
	e = pts_j19_park(&p, &a);
	if (e)
		PTS_UNRES("pthread_create(): %s", strerror(e));
	pts_j19_stack_of(p.t, &gaddr, &gsize);
	l = (unsigned long)p.local;
	if (!pts_j19_mapping(p.local, &lo, &hi))
		PTS_FAILED("the thread's local %p is in no mapping", p.local);
	pts_j19_release(&p, 1);
	pts_j19_park_close(&p);
	printf("stack %p-%p, local %#lx, its mapping %#lx-%#lx\n", (void *)mem,
	       (void *)(mem + len), l, lo, hi);
	if (l < (unsigned long)mem || l >= (unsigned long)mem + len)
		PTS_FAILED("the thread's local is outside the given stack");
	if (lo > (unsigned long)mem || hi < (unsigned long)mem + len)
		PTS_FAILED("the local lies in a mapping not holding the area");
	if (gaddr != mem || gsize != len)
		PTS_FAILED("the live thread reports stack %p/%zu", gaddr, gsize);
	pthread_attr_destroy(&a);
	PTS_PASSED("stackaddr and stacksize read back; the thread ran on that storage");
}
