// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getpagesize() is the page size the kernel works in:
 *  - it equals sysconf(_SC_PAGESIZE), getauxval(AT_PAGESZ) and the
 *    AT_PAGESZ the kernel put in the aux vector (/proc/self/auxv), and is
 *    a power of two;
 *  - mmap() of 1 byte maps exactly one such page (/proc/self/maps), and
 *    mmap(), munmap() and mprotect() take addresses on that granularity
 *    only: an address half a page or one byte off is EINVAL;
 *  - the last byte of a 1-byte mapping's page is usable, the byte after
 *    it (next page, made PROT_NONE) faults with SEGV_ACCERR;
 *  - KernelPageSize and MMUPageSize of the mapping in /proc/self/smaps
 *    are that size in kB.
 * Syscalls: mmap, munmap, mprotect
 */
#include <elf.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>
#include "tst_test.h"
#include "proc_auxv.h"

static long ps;

/* The start and end of the mapping at addr, from /proc/self/maps. */
static int maps_range(void *addr, unsigned long *lo, unsigned long *hi)
{
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");
	int found = 0;

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/maps)");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx", lo, hi) == 2 &&
		    *lo <= (unsigned long)addr && (unsigned long)addr < *hi) {
			found = 1;
			break;
		}
	}
	fclose(f);
	return found;
}

/* KernelPageSize and MMUPageSize (kB) of the mapping at lo in smaps. */
static void smaps_sizes(unsigned long lo, long *kps, long *mps)
{
	char line[512];
	FILE *f = fopen("/proc/self/smaps", "r");
	unsigned long a, b;
	int in = 0;

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/smaps)");
	*kps = *mps = -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &a, &b) == 2) {
			in = a == lo;
			continue;
		}
		if (in)
			sscanf(line, "KernelPageSize: %ld kB", kps);
		if (in)
			sscanf(line, "MMUPageSize: %ld kB", mps);
	}
	fclose(f);
}

static sigjmp_buf jmp;
static void *volatile fault_addr;
static volatile int fault_code;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	fault_addr = si->si_addr;
	fault_code = si->si_code;
	siglongjmp(jmp, 1);
}

static void test_values(void)
{
	unsigned long aux = proc_auxv(AT_PAGESZ);

	TST_EXP_EXPR(ps > 0 && !(ps & (ps - 1)), "getpagesize() %ld is a "
		     "power of two", ps);
	TST_EXP_EQ_LI(sysconf(_SC_PAGESIZE), ps);
	TST_EXP_EQ_LU(getauxval(AT_PAGESZ), ps);
	TST_EXP_EXPR(aux == (unsigned long)ps, "AT_PAGESZ in /proc/self/auxv "
		     "%lu equals getpagesize() %ld", aux, ps);
}

static void test_granularity(void)
{
	unsigned long lo, hi;
	long kps, mps;
	char *p, *q;

	/* PROT_NONE pages on both sides: no neighbour merges with it */
	p = SAFE_MMAP(NULL, 3 * ps, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
		      -1, 0);
	q = SAFE_MMAP(p + ps, 1, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	TST_EXP_EXPR(maps_range(q, &lo, &hi) && lo == (unsigned long)q &&
		     hi - lo == (unsigned long)ps, "mmap() of 1 byte maps "
		     "one page: /proc/self/maps %lx-%lx (%lu bytes)", lo, hi,
		     hi - lo);
	smaps_sizes(lo, &kps, &mps);
	TST_EXP_EXPR(kps * 1024 == ps && mps * 1024 == ps, "smaps of it: "
		     "KernelPageSize %ld kB, MMUPageSize %ld kB", kps, mps);

	TST_EXP_FAIL((long)mmap(q + ps / 2, ps, PROT_READ,
				MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0),
		     EINVAL, "mmap(MAP_FIXED) half a page off");
	TST_EXP_FAIL((long)mmap(q + 1, ps, PROT_READ,
				MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0),
		     EINVAL, "mmap(MAP_FIXED) one byte off");
	TST_EXP_FAIL(munmap(q + ps / 2, ps), EINVAL,
		     "munmap() half a page off");
	TST_EXP_FAIL(mprotect(q + 1, 1, PROT_READ), EINVAL,
		     "mprotect() one byte off");

	/* the whole page of a 1-byte mapping is usable; the next is not */
	q[ps - 1] = 'x';
	TST_EXP_EXPR(q[ps - 1] == 'x', "the last byte of the page of a 1-byte "
		     "mapping is usable");
	fault_addr = NULL;
	if (!sigsetjmp(jmp, 1)) {
		*(volatile char *)(q + ps) = 'y';
		tst_res(TFAIL, "a write one page after the 1-byte mapping did "
			"not fault");
	} else {
		TST_EXP_EXPR(fault_addr == q + ps && fault_code == SEGV_ACCERR,
			     "the byte one page in faults: SIGSEGV at %p (want "
			     "%p), si_code %d (SEGV_ACCERR %d)", fault_addr,
			     (void *)(q + ps), fault_code, SEGV_ACCERR);
	}
	SAFE_MUNMAP(p, 3 * ps);
}

static void run(void)
{
	ps = getpagesize();
	test_values();
	test_granularity();
}

static void setup(void)
{
	struct sigaction sa = {
		.sa_sigaction = on_segv,
		.sa_flags = SA_SIGINFO | SA_NODEFER,
	};

	if (sigaction(SIGSEGV, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGSEGV)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
};
