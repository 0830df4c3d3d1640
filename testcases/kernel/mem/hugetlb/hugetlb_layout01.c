// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Other mappings growing towards a hugetlb mapping stop short of it, and
 * a hugetlb mapping cannot cross the top of the user address space; a pool
 * of 2 default-size pages, no overcommit:
 *  1. brk() up to a huge page mapped one huge page above the aligned-up
 *     break (upstream hugemmap07): the break may end one base page below
 *     it (brk() keeps a page between the heap and the next mapping) and
 *     that memory is usable, one byte more and the kernel returns the old
 *     break, as for any break reaching into or past the huge mapping;
 *     the huge page keeps its data;
 *  2. a MAP_GROWSDOWN stack above a huge page mapping (upstream
 *     hugemmap34, 0d59a01bc461: on powerpc the stack could grow into the
 *     huge page area): a write exactly stack_guard_gap above the huge
 *     mapping's end grows the stack (the gap of 1be7107fbe18, the Stack
 *     Clash fix, CVE-2017-1000364), one base page lower is SIGSEGV
 *     (SEGV_MAPERR) at that address, as is the first byte past the huge
 *     page; a PROT_NONE huge mapping is no barrier, so the stack may grow
 *     right up to its end (vma_is_accessible()), never into it;
 *  3. TASK_SIZE, found by probing: a huge page in the last whole huge page
 *     slot below it maps and is writable, 2 pages there or 1 page in the
 *     slot at or straddling it are ENOMEM with MAP_FIXED; without
 *     MAP_FIXED that hint is ignored and the 2 pages land below TASK_SIZE
 *     (upstream hugemmap37).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "lapi/mman.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL 2

static int fd;
static unsigned long guard_gap;

static unsigned long sys_brk(unsigned long addr)
{
	return (unsigned long)syscall(__NR_brk, addr);
}

/*
 * In a child, so that the C library's heap is not disturbed: results are
 * collected first and reported once the break is back where it was.
 */
static void brk_child(void)
{
	unsigned long brk0 = sys_brk(0), h, r_ok, r_one, r_in, r_past;
	char *huge;
	int zeroed;

	h = ((brk0 + hp - 1) & ~(hp - 1)) + hp;
	huge = mmap((void *)h, hp, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_FIXED_NOREPLACE, fd, 0);
	if (huge == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap() of a huge page at %#lx", h);
	if ((unsigned long)huge != h)
		tst_brk(TBROK, "MAP_FIXED_NOREPLACE gave %p, not %#lx",
			huge, h);
	fill_pattern(huge, hp, 3);

	r_one = sys_brk(h - pg + 1);
	r_in = sys_brk(h + pg);
	r_past = sys_brk(h + 2 * hp);
	r_ok = sys_brk(h - pg);
	zeroed = 0;
	if (r_ok == h - pg) {
		memset((void *)brk0, 0xa5, r_ok - brk0);
		zeroed = ((char *)r_ok)[-1] == (char)0xa5;
	}
	if (sys_brk(brk0) != brk0)
		tst_brk(TBROK, "cannot move the break back to %#lx", brk0);

	tst_res(TINFO, "break %#lx, huge page at %#lx", brk0, h);
	TST_EXP_EXPR(r_one == brk0, "brk(huge - page + 1) returns the old "
		     "break %#lx (got %#lx)", brk0, r_one);
	TST_EXP_EXPR(r_in == brk0, "brk(huge + page) returns the old break "
		     "(got %#lx)", r_in);
	TST_EXP_EXPR(r_past == brk0, "brk(past the huge page) returns the "
		     "old break (got %#lx)", r_past);
	TST_EXP_EXPR(r_ok == h - pg && zeroed, "brk(huge - page) moves the "
		     "break there (got %#lx) and the heap is writable", r_ok);
	TST_EXP_EXPR(check_pattern(huge, hp, 3) < 0,
		     "the huge page keeps its data");
	SAFE_MUNMAP(huge, hp);
	exit(0);
}

static void brk_case(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		brk_child();
	wait_child(pid);
	htl_expect("after the brk() child", 1, 0);
}

static void stack_case(int prot)
{
	const char *what = prot == PROT_NONE ? "PROT_NONE huge mapping"
					     : "huge mapping";
	char *r = htl_free_aligned(4 * hp, hp), *huge, *stack, *low;
	char buf[128];

	huge = SAFE_MMAP(r, hp, prot, MAP_SHARED | MAP_FIXED, fd, 0);
	stack = SAFE_MMAP(r + 3 * hp - pg, pg, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_GROWSDOWN |
			  MAP_FIXED, -1, 0);
	if (prot == PROT_NONE) {
		low = huge + hp;
		snprintf(buf, sizeof(buf), "stack grown to the end of a %s",
			 what);
		expect_access(low, VM_WRITE_ACCESS, 0, 0, buf);
		expect_access(huge + hp - 1, VM_WRITE_ACCESS, SIGSEGV,
			      SEGV_ACCERR, "last byte of the PROT_NONE huge "
			      "page, not part of the stack");
	} else {
		low = huge + hp + guard_gap;
		snprintf(buf, sizeof(buf), "stack grown to stack_guard_gap "
			 "above a %s", what);
		expect_access(low, VM_WRITE_ACCESS, 0, 0, buf);
		snprintf(buf, sizeof(buf), "stack grown into the guard gap "
			 "above a %s", what);
		expect_access(low - pg, VM_WRITE_ACCESS, SIGSEGV, SEGV_MAPERR,
			      buf);
		expect_access(huge + hp, VM_WRITE_ACCESS, SIGSEGV,
			      SEGV_MAPERR, "first byte past the huge page");
		TST_EXP_EXPR(check_pattern(huge, hp, 3) < 0,
			     "the huge page keeps its data");
	}
	SAFE_MUNMAP(stack, pg);
	SAFE_MUNMAP(huge, hp);
}

/*
 * The first address a one-page MAP_FIXED_NOREPLACE mapping is ENOMEM at;
 * EEXIST is below it (something is mapped there).
 */
static unsigned long find_task_size(void)
{
	unsigned long lo = 1UL << (sizeof(long) * 4), hi = ~0UL / 2 + 1, mid;
	void *p;

	while (hi - lo > (unsigned long)pg) {
		mid = lo + ((hi - lo) / 2 & ~((unsigned long)pg - 1));
		p = mmap((void *)mid, pg, PROT_NONE, MAP_PRIVATE |
			 MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
		if (p != MAP_FAILED) {
			SAFE_MUNMAP(p, pg);
			lo = mid;
		} else if (errno == EEXIST) {
			lo = mid;
		} else if (errno == ENOMEM) {
			hi = mid;
		} else {
			tst_brk(TBROK | TERRNO, "mmap() probe at %#lx", mid);
		}
	}
	return hi;
}

static void expect_enomem(char *addr, size_t len, const char *what)
{
	char *p = mmap(addr, len, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_FIXED, fd, 0);

	if (p == MAP_FAILED && errno == ENOMEM) {
		tst_res(TPASS, "MAP_FIXED %s (%p) is ENOMEM", what, addr);
		return;
	}
	if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "MAP_FIXED %s (%p), expected ENOMEM",
			what, addr);
		return;
	}
	tst_res(TFAIL, "MAP_FIXED %s (%p) mapped at %p", what, addr, p);
	SAFE_MUNMAP(p, len);
}

static void task_size_case(void)
{
	unsigned long ts, top;
	char *p, *want;

	if (sizeof(long) < 8) {
		tst_res(TCONF, "TASK_SIZE case written for 64-bit processes");
		return;
	}
	ts = find_task_size();
	top = ts & ~(hp - 1);
	want = (char *)(top - hp);

	tst_res(TINFO, "TASK_SIZE %#lx, last whole huge page slot %p", ts,
		want);
	p = mmap(want, hp, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_FIXED_NOREPLACE, fd, 0);
	if (p == MAP_FAILED && errno == EEXIST)
		tst_brk(TBROK, "the last huge page slot below TASK_SIZE is in "
			"use (randomised stack or vDSO there)");
	if (p == want) {
		((volatile char *)p)[hp - 1] = p[hp - 1];
		tst_res(TPASS, "a huge page at %p, ending at %#lx, maps and is "
			"written", p, top);
		SAFE_MUNMAP(p, hp);
	} else {
		tst_res(TFAIL | TERRNO, "mmap(MAP_FIXED) of a huge page at %p "
			"returned %p", want, p);
	}
	expect_enomem(want, 2 * hp, "2 huge pages in the last slot");
	expect_enomem((char *)top, hp, "a huge page at the first slot not "
		      "wholly below TASK_SIZE");
	p = mmap(want, 2 * hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "2 huge pages with hint %p", want);
		return;
	}
	TST_EXP_EXPR(p != want && (unsigned long)p + 2 * hp <= ts &&
		     !((unsigned long)p & (hp - 1)),
		     "2 huge pages with that hint land at %p, aligned, "
		     "below TASK_SIZE", p);
	SAFE_MUNMAP(p, 2 * hp);
	htl_expect("the 2-page mapping reserved the file's second page", 1, 1);
	SAFE_FTRUNCATE(fd, hp);
	htl_expect("file truncated back to one page", 1, 0);
}

static void run(void)
{
	brk_case();
	stack_case(PROT_READ | PROT_WRITE);
	stack_case(PROT_NONE);
	task_size_case();
	htl_expect("end: the file holds one page", 1, 0);
}

/* stack_guard_gap= on the command line is in pages; 256 by default. */
static void read_guard_gap(void)
{
	char cmdline[4096], *s;
	int n, cfd = SAFE_OPEN("/proc/cmdline", O_RDONLY);

	n = SAFE_READ(0, cfd, cmdline, sizeof(cmdline) - 1);
	SAFE_CLOSE(cfd);
	cmdline[n] = 0;
	guard_gap = 256;
	s = strstr(cmdline, "stack_guard_gap=");
	if (s)
		guard_gap = strtoul(s + strlen("stack_guard_gap="), NULL, 0);
	guard_gap *= pg;
	tst_res(TINFO, "stack_guard_gap %lu kB", guard_gap / 1024);
	if (guard_gap + pg > (unsigned long)hp)
		tst_brk(TCONF, "stack_guard_gap too large for the layout");
}

static void setup(void)
{
	htl_setup(POOL, 1);
	read_guard_gap();
	fd = htl_file();
	SAFE_FTRUNCATE(fd, hp);
}

static void cleanup(void)
{
	if (fd > 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	HTL_TEST_FIELDS(POOL),
	.tags = (const struct tst_tag[]) {
		{"linux-git", "0d59a01bc461"},
		{"linux-git", "1be7107fbe18"},
		{"CVE", "2017-1000364"},
		{}
	},
};
