/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Buffers between two PROT_NONE guard pages, for the tests of C library
 * functions (memcmp, memcpy, memset, the string functions, the resolver)
 * that must not touch a byte outside what they were given: a buffer that
 * ends at the upper guard page catches a read or write past its end, one
 * that starts right after the lower guard page catches one before its
 * start. An access to a guard page is SIGSEGV; the handler records the
 * address and jumps back to the GUARD_CAUGHT() of the test, which reports
 * the case it was running. guard_selfcheck() first asserts that the
 * kernel faults both guards with SEGV_ACCERR at the address touched, so
 * that a test which saw no fault knows none would have gone unseen.
 */
#ifndef GUARD_PAGE_H
#define GUARD_PAGE_H

#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "tst_test.h"

struct guarded {
	char *base;	/* the mapping: guard, pages, guard */
	char *start;	/* first usable byte (page aligned) */
	char *end;	/* first byte of the upper guard page */
	size_t size;	/* usable bytes */
};

static sigjmp_buf guard_jmp;
static volatile sig_atomic_t guard_jmp_set;
static void *volatile guard_fault_addr;
static volatile int guard_fault_code;

static void guard_segv(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (!guard_jmp_set) {
		signal(sig, SIG_DFL);
		return;
	}
	guard_fault_addr = si->si_addr;
	guard_fault_code = si->si_code;
	guard_jmp_set = 0;
	siglongjmp(guard_jmp, 1);
}

static inline void guard_install(void)
{
	struct sigaction sa = {
		.sa_sigaction = guard_segv,
		.sa_flags = SA_SIGINFO | SA_NODEFER,
	};

	if (sigaction(SIGSEGV, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGSEGV)");
}

/* npages usable pages with a PROT_NONE page on each side. */
static inline struct guarded guard_alloc(size_t npages)
{
	size_t ps = getpagesize();
	struct guarded g;

	g.size = npages * ps;
	g.base = SAFE_MMAP(NULL, g.size + 2 * ps, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MPROTECT(g.base, ps, PROT_NONE);
	SAFE_MPROTECT(g.base + ps + g.size, ps, PROT_NONE);
	g.start = g.base + ps;
	g.end = g.start + g.size;
	return g;
}

static inline void guard_free(struct guarded *g)
{
	if (g->base)
		SAFE_MUNMAP(g->base, g->size + 2 * getpagesize());
	g->base = NULL;
}

/* Two buffers of npages each (two operands, or source and destination). */
static inline void guard_setup_pair(struct guarded *a, struct guarded *b,
				    size_t npages)
{
	guard_install();
	*a = guard_alloc(npages);
	*b = guard_alloc(npages);
}

static inline void guard_free_pair(struct guarded *a, struct guarded *b)
{
	guard_free(a);
	guard_free(b);
}

/*
 * Where n bytes go in g to be d bytes from a guard page: ending d bytes
 * before the upper one (at_end), or starting d bytes after the lower one.
 */
static inline char *guard_place(const struct guarded *g, size_t n, size_t d,
				int at_end)
{
	return at_end ? g->end - n - d : g->start + d;
}

/*
 * Arm the handler in the caller's frame: 0 now, nonzero when a guard page
 * was touched (guard_fault_addr says where) after the caller went on.
 */
#define GUARD_CAUGHT() \
	(guard_jmp_set = 1, sigsetjmp(guard_jmp, 1) != 0)

static inline void guard_disarm(void)
{
	guard_jmp_set = 0;
}

static inline int guard_owns(const struct guarded *g, const void *addr)
{
	const char *a = addr;

	return a >= g->base && a < g->end + getpagesize();
}

/* Where addr is, of the guarded buffers a and (optional) b, in words. */
static inline const char *guard_where(const struct guarded *a,
				      const struct guarded *b,
				      const void *addr)
{
	const struct guarded *g = b && guard_owns(b, addr) ? b : a;
	const char *p = addr;

	if (!guard_owns(g, addr))
		return "memory outside the guarded mappings";
	if (p < g->start)
		return "the guard page before a buffer";
	if (p >= g->end)
		return "the guard page after a buffer";
	return "a buffer (not a guard page)";
}

/*
 * TFAIL for the fault GUARD_CAUGHT() saw:
 * "<what> <verb> <where> (SIGSEGV at <addr>)".
 */
static inline void guard_report(const struct guarded *a,
				const struct guarded *b, const char *what,
				const char *verb)
{
	tst_res(TFAIL, "%s %s %s (SIGSEGV at %p)", what, verb,
		guard_where(a, b, guard_fault_addr), guard_fault_addr);
}

/*
 * The kernel must fault a read of each guard page, at the very address
 * read, as an access error (the page is mapped, PROT_NONE).
 */
static inline int guard_selfcheck(const struct guarded *g)
{
	const char *probe[] = { g->start - 1, g->end, g->end + 123 };
	volatile char sink;
	unsigned int i;
	int ok = 1;

	for (i = 0; i < ARRAY_SIZE(probe); i++) {
		guard_fault_addr = NULL;
		if (!GUARD_CAUGHT()) {
			sink = *(const volatile char *)probe[i];
			guard_disarm();
			(void)sink;
			tst_res(TFAIL, "read of the guard page at %p did not "
				"fault", (void *)probe[i]);
			ok = 0;
			continue;
		}
		if (guard_fault_addr != probe[i] ||
		    guard_fault_code != SEGV_ACCERR) {
			tst_res(TFAIL, "guard page read at %p: SIGSEGV at %p, "
				"si_code %d (expected SEGV_ACCERR %d)",
				(void *)probe[i], guard_fault_addr,
				guard_fault_code, SEGV_ACCERR);
			ok = 0;
		}
	}
	if (ok)
		tst_res(TPASS, "reads of the guard pages fault with "
			"SEGV_ACCERR at the address read");
	return ok;
}

#endif /* GUARD_PAGE_H */
