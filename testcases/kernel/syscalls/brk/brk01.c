// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The raw brk system call (not the C library's brk()/sbrk(), which cache
 * the break): it returns the new break on success and the current break
 * on any failure, never -1.
 *
 * - brk(0) returns the current break;
 * - growing by 16 pages returns the new break, and the new memory is
 *   readable, writable and zero;
 * - shrinking by 8 pages returns the new break, and growing again gives
 *   zero pages where the cut pages were, while the rest keeps its data;
 * - an address below the start of the heap, and a break that would run
 *   into another mapping, leave the break where it was;
 * - with RLIMIT_DATA 4 pages above what the process uses, growing by 16
 *   pages leaves the break where it was and growing by 2 works;
 * - after the heap shrinks back, its former pages raise SIGSEGV
 *   (SEGV_MAPERR).
 *
 * Every brk step runs before anything is reported: printing may allocate,
 * and the C library must find the break where it left it.
 */
#include "vm_helpers.h"

static size_t pg;

static unsigned long sys_brk(unsigned long addr)
{
	return syscall(__NR_brk, addr);
}

static unsigned long page_up(unsigned long addr)
{
	return (addr + pg - 1) & ~(pg - 1);
}

static void setup(void)
{
	pg = vm_page_size();
}

struct brk_steps {
	unsigned long cur, grown, shrunk, regrown, low, blocked, restored;
	long grown_nonzero, kept_bad, regrown_nonzero;
	int blocker_ok;
};

static void do_steps(struct brk_steps *s)
{
	unsigned long cur = sys_brk(0), base = page_up(cur), end;
	unsigned char *blocker;

	s->cur = cur;
	s->grown = sys_brk(cur + 16 * pg);
	if (s->grown != cur + 16 * pg)
		return;
	end = s->grown;
	s->grown_nonzero = first_nonzero((void *)cur, end - cur);
	fill_pattern((void *)cur, end - cur, 31);

	s->shrunk = sys_brk(cur + 8 * pg);
	s->regrown = sys_brk(end);
	s->kept_bad = check_pattern((void *)cur, base + 8 * pg - cur, 31);
	s->regrown_nonzero = first_nonzero((void *)(base + 8 * pg),
					   end - (base + 8 * pg));

	s->low = sys_brk(1);

	/* A mapping 16 pages above the break: growing past it must fail. */
	blocker = mmap((void *)(page_up(end) + 16 * pg), pg, PROT_READ,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
		       -1, 0);
	s->blocker_ok = blocker == (void *)(page_up(end) + 16 * pg);
	if (s->blocker_ok) {
		s->blocked = sys_brk((unsigned long)blocker + 2 * pg);
		munmap(blocker, pg);
	} else if (blocker != MAP_FAILED) {
		munmap(blocker, pg);
	}

	s->restored = sys_brk(cur);
}

static void test_steps(void)
{
	struct brk_steps s;

	memset(&s, 0, sizeof(s));
	do_steps(&s);

	TST_EXP_EXPR(s.cur && s.cur == (unsigned long)sbrk(0),
		     "brk(0) returns the current break %#lx", s.cur);
	TST_EXP_EXPR(s.grown == s.cur + 16 * pg, "brk(break + 16 pages) "
		     "returns the new break (%#lx)", s.grown);
	if (s.grown != s.cur + 16 * pg) {
		if (s.grown != s.cur)
			sys_brk(s.cur);
		return;
	}
	TST_EXP_EXPR(s.grown_nonzero < 0, "the new heap memory reads as zero "
		     "(first non-zero byte at %ld)", s.grown_nonzero);
	TST_EXP_EXPR(s.shrunk == s.cur + 8 * pg, "shrinking by 8 pages returns "
		     "the new break (%#lx)", s.shrunk);
	TST_EXP_EXPR(s.regrown == s.grown && s.kept_bad < 0 &&
		     s.regrown_nonzero < 0,
		     "growing again: the kept part has its data (first bad "
		     "byte %ld), the cut pages come back zero (first non-zero "
		     "%ld)", s.kept_bad, s.regrown_nonzero);
	TST_EXP_EXPR(s.low == s.grown, "brk(1), below the heap, leaves the "
		     "break at %#lx (returned %#lx)", s.grown, s.low);
	if (s.blocker_ok) {
		TST_EXP_EXPR(s.blocked == s.grown, "a break past another "
			     "mapping is refused: the break stays %#lx "
			     "(returned %#lx)", s.grown, s.blocked);
	} else {
		tst_res(TBROK, "could not map a page 16 pages above the break");
	}
	TST_EXP_EXPR(s.restored == s.cur, "shrinking back returns %#lx "
		     "(returned %#lx)", s.cur, s.restored);
	expect_access((void *)(page_up(s.cur) + pg), VM_READ_ACCESS, SIGSEGV,
		      SEGV_MAPERR, "a page of the heap after shrinking back");
}

/* Read a /proc file into buf without stdio: no allocation, see below. */
static void read_proc(const char *path, char *buf, size_t size)
{
	int fd = SAFE_OPEN(path, O_RDONLY);
	ssize_t len = SAFE_READ(0, fd, buf, size - 1);

	SAFE_CLOSE(fd);
	buf[len] = 0;
}

/*
 * What brk() counts against RLIMIT_DATA: the heap plus the data segment
 * (start_data, end_data, start_brk are fields 45-47 of /proc/self/stat),
 * and VmData, all private writable memory, which new heap pages join.
 */
static unsigned long data_in_use(unsigned long cur)
{
	unsigned long start_data, end_data, start_brk, heap, vm_data;
	char buf[4096], *p;
	int field;

	read_proc("/proc/self/stat", buf, sizeof(buf));
	/* Count fields after the command name, which may hold spaces. */
	p = strrchr(buf, ')');
	for (field = 2; p && field < 45; field++)
		p = strchr(p + 1, ' ');
	if (!p || sscanf(p, " %lu %lu %lu", &start_data, &end_data,
			 &start_brk) != 3)
		tst_brk(TBROK, "cannot parse /proc/self/stat: %s", buf);
	heap = cur - start_brk + end_data - start_data;

	read_proc("/proc/self/status", buf, sizeof(buf));
	p = strstr(buf, "\nVmData:");
	if (!p || sscanf(p + 8, "%lu", &vm_data) != 1)
		tst_brk(TBROK, "no VmData in /proc/self/status");
	vm_data *= 1024;
	return heap > vm_data ? heap : vm_data;
}

/*
 * In a child, with no stdio until the end: a malloc() could move the
 * break behind the test's back, and growing past RLIMIT_DATA would then
 * be a shrink.
 */
static void test_data_limit(void)
{
	unsigned long cur, over, within;
	struct rlimit rl;
	pid_t pid = SAFE_FORK();

	if (pid) {
		wait_child(pid);
		return;
	}
	cur = sys_brk(0);
	rl.rlim_cur = rl.rlim_max = data_in_use(cur) + 4 * pg;
	if (setrlimit(RLIMIT_DATA, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_DATA)");
	over = sys_brk(cur + 16 * pg);
	within = sys_brk(cur + 2 * pg);
	TST_EXP_EXPR(over == cur, "with room for 4 pages under RLIMIT_DATA, "
		     "brk(break + 16 pages) leaves the break at %#lx (returned "
		     "%#lx)", cur, over);
	TST_EXP_EXPR(within == cur + 2 * pg, "brk(break + 2 pages) works "
		     "(returned %#lx)", within);
	_exit(0);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_steps();
	else
		test_data_limit();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};
