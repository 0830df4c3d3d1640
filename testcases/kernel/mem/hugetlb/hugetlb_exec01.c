// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Code run from huge pages (upstream hugemmap15), pool of 4 default-size
 * pages and no overcommit, HugePages_Free/Rsvd read back at every step.
 * Each "function" is a few instructions that return a constant, written
 * into the page as data and then called:
 *  1. functions at the start, the middle and the last bytes of a private
 *     PROT_EXEC MAP_HUGETLB page return their constants;
 *  2. 8 times over: the page unmapped, a fresh one mapped at the same
 *     address (the pool's free page, most likely the same memory) reads
 *     zero, a function with a new constant written at the same offset
 *     returns the new constant, never the last round's. cbf52afdc0eb fixed
 *     powerpc handing out cleared huge pages without flushing the data
 *     cache to the instruction cache, so stale instructions ran there;
 *  3. a hugetlbfs file mapped twice, read-write and read-execute: code
 *     written through the first mapping runs through the second, and a
 *     rewrite of its constant is seen by the next call;
 *  4. after fork() a child runs the parent's private page, then writes a
 *     new constant (copy-on-write: one more page) and runs its copy; the
 *     parent's page still returns the old constant;
 *  5. mprotect(PROT_READ | PROT_EXEC) keeps the code running and makes a
 *     write SIGSEGV (SEGV_ACCERR); a call into a huge page mapped without
 *     PROT_EXEC is SIGSEGV (SEGV_ACCERR) at the function's address where
 *     the CPU has no-execute pages.
 * Everything goes back to the pool at munmap().
 */

#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL 4
#define RWX (PROT_READ | PROT_WRITE | PROT_EXEC)

typedef int (*const_fn)(void);

#if defined(__x86_64__) || defined(__i386__)
# define CODE_LEN 6
/* mov $val, %eax; ret */
static void put_fn(char *at, int val)
{
	at[0] = (char)0xb8;
	memcpy(at + 1, &val, 4);
	at[5] = (char)0xc3;
}
#elif defined(__aarch64__)
# define CODE_LEN 8
/* movz w0, #val; ret (val below 65536) */
static void put_fn(char *at, int val)
{
	uint32_t insn[2] = {
		0x52800000u | ((uint32_t)(val & 0xffff) << 5), 0xd65f03c0u
	};

	memcpy(at, insn, sizeof(insn));
}
#else
# define CODE_LEN 0
static void put_fn(char *at, int val)
{
	(void)at;
	(void)val;
}
#endif

/* Write the function and make it visible to instruction fetch at `run'. */
static const_fn make_fn(char *at, char *run, int val)
{
	put_fn(at, val);
	__builtin___clear_cache(run, run + CODE_LEN);
	return (const_fn)(uintptr_t)run;
}

static int call_at(char *run)
{
	return ((const_fn)(uintptr_t)run)();
}

static char *map_private(char *addr, int prot)
{
	return SAFE_MMAP(addr, hp, prot, MAP_PRIVATE | MAP_ANONYMOUS |
			 MAP_HUGETLB | (addr ? MAP_FIXED : 0), -1, 0);
}

static void places(void)
{
	char *p = map_private(NULL, RWX);
	long offs[] = {0, hp / 2 + 3, hp - CODE_LEN};
	unsigned int i;
	int got;

	for (i = 0; i < ARRAY_SIZE(offs); i++) {
		got = make_fn(p + offs[i], p + offs[i], 1000 + i)();
		TST_EXP_EXPR(got == (int)(1000 + i), "function at offset %ld "
			     "of the huge page returned %d (expected %d)",
			     offs[i], got, 1000 + i);
	}
	htl_expect("one private page of code", 1, 0);
	SAFE_MUNMAP(p, hp);
}

static void fresh_pages(void)
{
	char *p = map_private(NULL, RWX), *addr = p;
	int round, got, stale = 0, dirty = 0;

	for (round = 0; round < 8; round++) {
		if (round) {
			SAFE_MUNMAP(p, hp);
			p = map_private(addr, RWX);
			dirty += first_nonzero(p, 64 + CODE_LEN) >= 0;
		}
		got = make_fn(p + 64, p + 64, 2000 + round)();
		stale += got != 2000 + round;
		if (got != 2000 + round)
			tst_res(TINFO, "round %d returned %d", round, got);
	}
	TST_EXP_EXPR(!stale && !dirty, "8 fresh pages: the new code ran each "
		     "time (%d stale), each page read zero first (%d not)",
		     stale, dirty);
	htl_expect("the last fresh page", 1, 0);
	SAFE_MUNMAP(p, hp);
	htl_expect("unmapped", 0, 0);
}

static void two_views(void)
{
	int fd = htl_file(), got;
	char *w, *x;

	SAFE_FTRUNCATE(fd, hp);
	w = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	x = SAFE_MMAP(NULL, hp, PROT_READ | PROT_EXEC, MAP_SHARED, fd, 0);
	got = make_fn(w + 128, x + 128, 3000)();
	TST_EXP_EXPR(got == 3000, "written through the RW view, run through "
		     "the RX view: %d (expected 3000)", got);
	got = make_fn(w + 128, x + 128, 3001)();
	TST_EXP_EXPR(got == 3001, "rewritten: %d (expected 3001)", got);
	htl_expect("one file page, two views", 1, 0);
	SAFE_MUNMAP(w, hp);
	SAFE_MUNMAP(x, hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void after_fork(void)
{
	char *p = map_private(NULL, RWX);
	pid_t pid;
	int got;

	make_fn(p, p, 4000);
	htl_expect("parent's page of code", 1, 0);
	pid = SAFE_FORK();
	if (!pid) {
		got = call_at(p);
		TST_EXP_EXPR(got == 4000, "child runs the parent's page: %d",
			     got);
		got = make_fn(p, p, 4001)();
		TST_EXP_EXPR(got == 4001, "child's copy after its write: %d",
			     got);
		htl_expect("child's copy-on-write copy", 2, 0);
		exit(0);
	}
	reap_child(pid);
	got = call_at(p);
	TST_EXP_EXPR(got == 4000, "parent's page after the child's write: %d",
		     got);
	htl_expect("the child's copy freed", 1, 0);
	SAFE_MUNMAP(p, hp);
}

static int cpu_has_nx(void)
{
#if defined(__x86_64__) || defined(__i386__)
	char line[4096];
	FILE *f = fopen("/proc/cpuinfo", "r");
	int nx = 0;

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/cpuinfo)");
	while (!nx && fgets(line, sizeof(line), f))
		nx = !strncmp(line, "flags", 5) && strstr(line, " nx");
	fclose(f);
	return nx;
#else
	return 1;
#endif
}

/* Call into addr in a child; 1 when it died of SEGV_ACCERR right there. */
static int exec_refused(char *addr)
{
	struct vm_fault f;
	pid_t pid;

	memset((void *)vm_fault_report, 0, sizeof(*vm_fault_report));
	pid = SAFE_FORK();
	if (!pid) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = vm_fault_handler;
		sa.sa_flags = SA_SIGINFO;
		sigaction(SIGSEGV, &sa, NULL);
		sigaction(SIGBUS, &sa, NULL);
		call_at(addr);
		_exit(0);
	}
	wait_child(pid);
	memcpy(&f, (void *)vm_fault_report, sizeof(f));
	tst_res(TINFO, "call into %p: %s", addr, f.sig ?
		vm_code_name(f.sig, f.code) : "returned");
	return f.sig == SIGSEGV && f.code == SEGV_ACCERR && f.addr == addr;
}

static void protections(void)
{
	char *p = map_private(NULL, RWX);
	int got;

	make_fn(p, p, 5000);
	TST_EXP_PASS(mprotect(p, hp, PROT_READ | PROT_EXEC),
		     "mprotect(PROT_READ | PROT_EXEC)");
	got = call_at(p);
	TST_EXP_EXPR(got == 5000, "the code runs after mprotect(): %d", got);
	expect_access(p + 32, VM_WRITE_ACCESS, SIGSEGV, SEGV_ACCERR,
		      "PROT_READ | PROT_EXEC");
	SAFE_MUNMAP(p, hp);

	p = map_private(NULL, PROT_READ | PROT_WRITE);
	put_fn(p, 5001);
	if (cpu_has_nx())
		TST_EXP_EXPR(exec_refused(p), "a call into a huge page "
			     "without PROT_EXEC: SEGV_ACCERR there");
	else
		tst_res(TCONF, "the CPU has no NX bit: not checked");
	htl_expect("one page without PROT_EXEC", 1, 0);
	SAFE_MUNMAP(p, hp);
	htl_expect("unmapped", 0, 0);
}

static void run(void)
{
	places();
	fresh_pages();
	two_views();
	after_fork();
	protections();
}

static void setup(void)
{
	if (!CODE_LEN)
		tst_brk(TCONF, "no instruction encoding for this architecture");
	htl_setup(POOL, 1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "cbf52afdc0eb"},
		{}
	},
	HTL_TEST_FIELDS(POOL),
};
