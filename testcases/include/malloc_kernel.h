/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the kernel says about a process's heap and mappings, for the tests
 * of the C library's malloc counters (mallinfo, mallinfo2, mallopt): the
 * program break (the brk syscall), where the heap starts (start_brk, field
 * 47 of /proc/self/stat), the size of the address space (VmSize of
 * /proc/self/status) and whether a page is mapped (mincore()). None of
 * these allocates: the files are read with read(2) into static buffers,
 * so taking a snapshot moves nothing it measures.
 *
 * The compiler may drop a malloc() whose memory is never used, and a
 * malloc()/free() pair: tests allocate through malloc_fn() and
 * free through free_fn(), pointers the compiler cannot see through.
 */
#ifndef MALLOC_KERNEL_H
#define MALLOC_KERNEL_H

#include <fcntl.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "tst_test.h"

static void *(*volatile malloc_fn)(size_t) = malloc;
static void (*volatile free_fn)(void *) = free;

static char mk_buf[8192];

static const char *mk_read(const char *path)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(%s)", path);
	n = read(fd, mk_buf, sizeof(mk_buf) - 1);
	if (n <= 0)
		tst_brk(TBROK | TERRNO, "read(%s)", path);
	close(fd);
	mk_buf[n] = 0;
	return mk_buf;
}

static inline unsigned long kernel_brk(void)
{
	return syscall(__NR_brk, 0);
}

/* mm->start_brk: field 47 of /proc/self/stat */
static inline unsigned long kernel_start_brk(void)
{
	const char *p = strrchr(mk_read("/proc/self/stat"), ')');
	int field = 2;

	if (!p)
		tst_brk(TBROK, "no ')' in /proc/self/stat");
	while (*p && field < 47)
		if (*p++ == ' ')
			field++;
	return strtoul(p, NULL, 10);
}

/* VmSize of /proc/self/status, in bytes */
static inline unsigned long kernel_vm_size(void)
{
	const char *p = strstr(mk_read("/proc/self/status"), "VmSize:");

	if (!p)
		tst_brk(TBROK, "no VmSize in /proc/self/status");
	return strtoul(p + 7, NULL, 10) * 1024;
}

/* 1 when the page holding addr is mapped */
static inline int kernel_mapped(const void *addr)
{
	unsigned long ps = getpagesize();
	unsigned char vec;
	void *page = (void *)((unsigned long)addr & ~(ps - 1));

	if (!mincore(page, ps, &vec))
		return 1;
	if (errno != ENOMEM)
		tst_brk(TBROK | TERRNO, "mincore(%p)", page);
	return 0;
}

struct heap_view {
	struct mallinfo2 mi;
	unsigned long brk;
	unsigned long vm;
};

static inline struct heap_view heap_view(void)
{
	struct heap_view v;

	v.mi = mallinfo2();
	v.brk = kernel_brk();
	v.vm = kernel_vm_size();
	return v;
}

static inline void heap_view_print(const char *what,
				   const struct heap_view *v)
{
	tst_res(TINFO, "%s: arena %zu, ordblks %zu, smblks %zu, hblks %zu, "
		"hblkhd %zu, fsmblks %zu, uordblks %zu, fordblks %zu, keepcost "
		"%zu; brk %#lx, VmSize %lu", what, v->mi.arena, v->mi.ordblks,
		v->mi.smblks, v->mi.hblks, v->mi.hblkhd, v->mi.fsmblks,
		v->mi.uordblks, v->mi.fordblks, v->mi.keepcost, v->brk, v->vm);
}

/* The main arena's bytes are the heap the kernel has given: brk - start */
static inline int heap_is_brk(const struct heap_view *v,
			      unsigned long start)
{
	return v->mi.arena == v->brk - start &&
	       v->mi.uordblks + v->mi.fordblks == v->mi.arena;
}

/* A chunk's size in the heap: what malloc_usable_size() gives + a size_t */
static inline size_t chunk_size(void *p)
{
	return malloc_usable_size(p) + sizeof(size_t);
}

#endif /* MALLOC_KERNEL_H */
