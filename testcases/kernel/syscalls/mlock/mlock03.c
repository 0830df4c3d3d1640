// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlock() and mlock2() count and fault what they lock exactly once:
 * - four pages locked with mlock2(MLOCK_ONFAULT) add 4 pages to VmLck;
 *   locking them again with mlock2(flags 0) and with mlock() adds
 *   nothing (it added them twice before b155b4fde5bd) but faults all
 *   four in; munlock() takes VmLck back to where it was;
 * - two pages locked MLOCK_ONFAULT, then mlock() of all four: VmLck
 *   grows by four pages, not six;
 * - a MAP_SHARED file mapping with PROT_WRITE but no PROT_READ can be
 *   locked (it failed before fdf4c587a793): VmLck grows by its size and
 *   every page is resident;
 * - mlock() and munlock() of the whole [stack] mapping, ten times, leave
 *   the stack mapping where it was (it shrank on some kernels);
 *   VmLck is back to its old value after the last munlock().
 * Syscalls: mlock, mlock2, munlock
 */
#include <stdio.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "lapi/mman.h"

static size_t pg;
static long kbp;

static long sys_mlock2(void *addr, size_t len, int flags)
{
	return tst_syscall(__NR_mlock2, addr, len, flags);
}

static void relock(void)
{
	char *p = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long before = status_kb("VmLck");

	TST_EXP_PASS(sys_mlock2(p, 4 * pg, MLOCK_ONFAULT),
		     "mlock2(4 pages, MLOCK_ONFAULT)");
	TST_EXP_EQ_LI(status_kb("VmLck") - before, 4 * kbp);
	TST_EXP_PASS(sys_mlock2(p, 4 * pg, 0), "mlock2(same, flags 0)");
	TST_EXP_EQ_LI(status_kb("VmLck") - before, 4 * kbp);
	TST_EXP_EQ_LU(resident_pages(p, 4 * pg), 4);
	TST_EXP_PASS(mlock(p, 4 * pg), "mlock(same)");
	TST_EXP_EQ_LI(status_kb("VmLck") - before, 4 * kbp);
	TST_EXP_PASS(munlock(p, 4 * pg), "munlock()");
	TST_EXP_EQ_LI(status_kb("VmLck"), before);
	SAFE_MUNMAP(p, 4 * pg);

	p = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	TST_EXP_PASS(sys_mlock2(p, 2 * pg, MLOCK_ONFAULT),
		     "mlock2(first 2 pages, MLOCK_ONFAULT)");
	TST_EXP_PASS(mlock(p, 4 * pg), "mlock(all 4 pages)");
	TST_EXP_EQ_LI(status_kb("VmLck") - before, 4 * kbp);
	SAFE_MUNMAP(p, 4 * pg);
	TST_EXP_EQ_LI(status_kb("VmLck"), before);
}

static void write_only_file(void)
{
	long before = status_kb("VmLck");
	char *p;
	int fd;

	fd = SAFE_OPEN("file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_FTRUNCATE(fd, 10 * pg);
	p = SAFE_MMAP(NULL, 10 * pg, PROT_WRITE, MAP_SHARED, fd, 0);
	TST_EXP_PASS(mlock(p, 10 * pg), "mlock() of a PROT_WRITE-only "
		     "shared file mapping");
	TST_EXP_EQ_LI(status_kb("VmLck") - before, 10 * kbp);
	TST_EXP_EQ_LU(resident_pages(p, 10 * pg), 10);
	TST_EXP_PASS(munlock(p, 10 * pg), "munlock()");
	SAFE_MUNMAP(p, 10 * pg);
	SAFE_CLOSE(fd);
}

static void stack_bounds(unsigned long *start, unsigned long *end)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/maps)");
	while (fgets(line, sizeof(line), f)) {
		if (strstr(line, "[stack]") &&
		    sscanf(line, "%lx-%lx", start, end) == 2) {
			fclose(f);
			return;
		}
	}
	fclose(f);
	tst_brk(TBROK, "no [stack] in /proc/self/maps");
}

static void stack(void)
{
	unsigned long s0, e0, s, e;
	long before = status_kb("VmLck");
	int i, bad = 0;

	stack_bounds(&s0, &e0);
	for (i = 0; i < 10; i++) {
		stack_bounds(&s, &e);
		if (mlock((void *)s, e - s) || munlock((void *)s, e - s)) {
			tst_res(TFAIL | TERRNO, "mlock/munlock of [stack]");
			return;
		}
		stack_bounds(&s, &e);
		if (s > s0 || e != e0) {
			tst_res(TFAIL, "round %d: [stack] %lx-%lx, was "
				"%lx-%lx", i, s, e, s0, e0);
			bad = 1;
			break;
		}
	}
	if (!bad)
		tst_res(TPASS, "[stack] %lx-%lx kept over 10 mlock/munlock "
			"rounds", s0, e0);
	TST_EXP_EQ_LI(status_kb("VmLck"), before);
}

static void (*const cases[])(void) = {
	relock,
	write_only_file,
	stack,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	pg = vm_page_size();
	kbp = pg / 1024;
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		/* mm: mlock: avoid increase mm->locked_vm on mlock() when
		 * already mlock2(,MLOCK_ONFAULT) */
		{"linux-git", "b155b4fde5bd"},
		/* mlock: operate on any regions with protection != PROT_NONE */
		{"linux-git", "fdf4c587a793"},
		{}
	},
};
