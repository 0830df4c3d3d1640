// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_setstack(): "The stack attributes specify the area of
 * storage to be used for the created thread's stack. The base of the
 * storage shall be stackaddr, and the size of the storage shall be
 * stacksize bytes", and "all pages within the stack described by
 * stackaddr and stacksize shall be both readable and writable by the
 * thread". A 1 MiB anonymous mapping, its pages not yet touched, is
 * given as the stack: the new thread runs inside it (a local variable's
 * address lies in [stackaddr, stackaddr + stacksize)), and it writes a
 * pattern to every page from stackaddr up to 8 KiB below its own frame
 * and reads it back; each of those pages is then resident (mincore())
 * and the creator reads the pattern the thread left.
 */
#include <pthread.h>
#include <stdint.h>
#include <sys/mman.h>

#include "pts_helpers.h"

#define STACK (1 << 20)

static char *stack;
static long pagesz;

static void *fn(void *arg)
{
	volatile char here = 0;
	uintptr_t top = (uintptr_t)&here - 8192;
	char *p;

	(void)arg;
	if ((char *)&here < stack || (char *)&here >= stack + STACK)
		return (void *)1L;
	for (p = stack; (uintptr_t)p < top; p += pagesz)
		*p = (char)((p - stack) / pagesz + 1);
	for (p = stack; (uintptr_t)p < top; p += pagesz)
		if (*p != (char)((p - stack) / pagesz + 1))
			return (void *)2L;
	return (void *)(long)((top - (uintptr_t)stack) / pagesz);
}

int main(void)
{
	pthread_attr_t a;
	unsigned char vec[STACK / 4096];
	long n, i;
	pthread_t t;
	void *v;
	int err;

	pagesz = sysconf(_SC_PAGESIZE);
	stack = mmap(NULL, STACK, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (stack == MAP_FAILED)
		PTS_UNRES("mmap(): %s", strerror(errno));
	pthread_attr_init(&a);
	err = pthread_attr_setstack(&a, stack, STACK);
	if (err)
		PTS_FAILED("pthread_attr_setstack() returned %s", strerrorname_np(err));
	err = pthread_create(&t, &a, fn, NULL);
	if (err)
		PTS_UNRES("pthread_create(): %s", strerror(err));
	pthread_join(t, &v);
	n = (long)v;
	if (n == 1)
		PTS_FAILED("the thread's local variable lies outside the given stack");
	if (n == 2)
		PTS_FAILED("a page of the given stack did not keep what the thread wrote");
	if (n < STACK / pagesz / 2)
		PTS_FAILED("the thread's frame sits at page %ld of %ld (above half)",
			   n, STACK / pagesz);
	if (pagesz != 4096 || mincore(stack, STACK, vec))
		PTS_UNRES("mincore() or page size %ld", pagesz);
	for (i = 0; i < n; i++) {
		if (!(vec[i] & 1))
			PTS_FAILED("stack page %ld written by the thread is not resident",
				   i);
		if (stack[i * pagesz] != (char)(i + 1))
			PTS_FAILED("stack page %ld reads %d, the thread wrote %d", i,
				   stack[i * pagesz], (int)(char)(i + 1));
	}
	printf("%ld pages below the thread's frame written and read back\n", n);
	PTS_PASSED("the thread ran on the given stack, every page read/write");
}
