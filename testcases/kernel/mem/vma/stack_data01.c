// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RLIMIT_STACK and RLIMIT_DATA as the memory manager applies them, each in
 * a child of its own:
 *  - stack: with RLIMIT_STACK set to 1 MiB, a store at the page that makes
 *    the [stack] VMA exactly 1 MiB long (end - 1 MiB, far below the stack
 *    pointer) grows the stack there: /proc/self/maps shows [stack] starting
 *    at that page, the data reads back; a store one page lower, which
 *    would make it 1 MiB + 1 page, is SIGSEGV with si_code SEGV_MAPERR and
 *    si_addr that exact address, and [stack] keeps its start
 *    (acct_stack_growth(): size > rlimit is refused, size == rlimit not);
 *  - data: with RLIMIT_DATA set to VmData (/proc/self/status) plus 16
 *    pages, a private writable anonymous mmap() of 17 pages is ENOMEM, of
 *    16 pages works and VmData grows by exactly 16 pages; one more page is
 *    ENOMEM; a MAP_SHARED writable mapping and a private read-only one are
 *    not data and are mapped; mprotect(PROT_WRITE) of the private
 *    read-only one is ENOMEM and leaves it read-only (a store is SIGSEGV
 *    SEGV_ACCERR); after munmap() of one data page a one-page private
 *    writable mapping fits again (may_expand_vm(), is_data_mapping()).
 * (Upstream LTP's stack_space and data_space grow memory without limits.)
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include "tst_test.h"

static size_t ps;
static sigjmp_buf jb;
static volatile int sig_code;
static void *volatile sig_addr;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	sig_code = si->si_code;
	sig_addr = si->si_addr;
	siglongjmp(jb, 1);
}

/* Read a whole /proc file with read(2) into buf: no malloc, no brk. */
static void read_proc(const char *path, char *buf, size_t size)
{
	ssize_t n, len = 0;
	int fd = SAFE_OPEN(path, O_RDONLY);

	while ((n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	if (n < 0)
		tst_brk(TBROK | TERRNO, "read(%s)", path);
	buf[len] = 0;
	SAFE_CLOSE(fd);
}

static void stack_vma(unsigned long *start, unsigned long *end)
{
	static char buf[65536];
	char *l;

	read_proc("/proc/self/maps", buf, sizeof(buf));
	l = strstr(buf, "[stack]");
	if (!l)
		tst_brk(TBROK, "no [stack] in /proc/self/maps");
	while (l > buf && l[-1] != '\n')
		l--;
	if (sscanf(l, "%lx-%lx", start, end) != 2)
		tst_brk(TBROK, "cannot parse the [stack] line");
}

static long vm_data_kb(void)
{
	static char buf[8192];
	char *l;

	read_proc("/proc/self/status", buf, sizeof(buf));
	l = strstr(buf, "VmData:");
	if (!l)
		tst_brk(TBROK, "no VmData in /proc/self/status");
	return strtol(l + 7, NULL, 10);
}

static void set_limit(int res, rlim_t cur)
{
	struct rlimit rl;

	if (getrlimit(res, &rl))
		tst_brk(TBROK | TERRNO, "getrlimit(%d)", res);
	rl.rlim_cur = cur;
	if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < cur)
		tst_brk(TBROK, "hard limit %lu below %lu",
			(unsigned long)rl.rlim_max, (unsigned long)cur);
	if (setrlimit(res, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(%d, %lu)", res,
			(unsigned long)cur);
}

static void catch_segv(void)
{
	struct sigaction sa = {
		.sa_sigaction = on_segv,
		.sa_flags = SA_SIGINFO,
	};

	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSEGV, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGSEGV)");
}

/* Store to addr; return 0, or the si_code of the SIGSEGV it raised. */
static int try_store(volatile char *addr, char val)
{
	sig_code = 0;
	sig_addr = NULL;
	if (sigsetjmp(jb, 1))
		return sig_code ? sig_code : -1;
	*addr = val;
	return 0;
}

#define STACK_LIMIT (1024 * 1024UL)

static void stack_child(void)
{
	unsigned long s, e, s2, e2;
	volatile char *at, *below;
	int code;

	catch_segv();
	stack_vma(&s, &e);
	if (e - s >= STACK_LIMIT / 2)
		tst_brk(TBROK, "[stack] is already %lu KiB", (e - s) >> 10);
	set_limit(RLIMIT_STACK, STACK_LIMIT);

	at = (volatile char *)(e - STACK_LIMIT);
	code = try_store(at, 's');
	if (code) {
		tst_res(TFAIL, "a store at [stack] end - 1 MiB (%p, within "
			"RLIMIT_STACK 1 MiB) is SIGSEGV (si_code %d)",
			(void *)at, code);
		exit(0);
	}
	stack_vma(&s2, &e2);
	TST_EXP_EXPR(s2 == (unsigned long)at && e2 == e && *at == 's',
		     "a store at end - 1 MiB grows [stack] to exactly that "
		     "page (%lx-%lx, expected %p-%lx), data kept", s2, e2,
		     (void *)at, e);

	below = at - ps;
	code = try_store(below, 'x');
	if (code == SEGV_MAPERR && sig_addr == (void *)below)
		tst_res(TPASS, "a store one page lower (1 MiB + 1 page) is "
			"SIGSEGV SEGV_MAPERR at %p", (void *)below);
	else
		tst_res(TFAIL, "a store one page past RLIMIT_STACK: si_code "
			"%d (expected SEGV_MAPERR %d), si_addr %p (expected %p)",
			code, SEGV_MAPERR, sig_addr, (void *)below);
	stack_vma(&s2, &e2);
	TST_EXP_EXPR(s2 == (unsigned long)at,
		     "[stack] still starts at %lx (expected %p)", s2,
		     (void *)at);
	exit(0);
}

static void *map(size_t npg, int prot, int flags)
{
	return mmap(NULL, npg * ps, prot, flags | MAP_ANONYMOUS, -1, 0);
}

/*
 * All mappings are made before anything is reported, so that no malloc()
 * of the reporting code (a heap growth is data too) moves VmData.
 */
static void data_child(void)
{
	char *data, *over, *fit, *more, *shared, *ro, *again;
	int err_over, err_more, err_again, mp, mp_err, code;
	long base_kb, kb;

	catch_segv();
	tst_res(TINFO, "RLIMIT_DATA set to VmData + 16 pages");
	base_kb = vm_data_kb();
	set_limit(RLIMIT_DATA, base_kb * 1024 + 16 * ps);

	over = map(17, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	err_over = errno;
	data = map(16, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	if (data == MAP_FAILED)
		tst_brk(TFAIL | TERRNO, "16 private writable pages with room "
			"for 16 under RLIMIT_DATA");
	kb = vm_data_kb();
	memset(data, 'd', 16 * ps);
	more = map(1, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	err_more = errno;
	shared = map(4, PROT_READ | PROT_WRITE, MAP_SHARED);
	ro = map(4, PROT_READ, MAP_PRIVATE);
	mp = mp_err = 0;
	code = -2;
	if (ro != MAP_FAILED) {
		mp = mprotect(ro, 4 * ps, PROT_READ | PROT_WRITE);
		mp_err = errno;
		code = try_store(ro, 'w');
	}
	SAFE_MUNMAP(data + 15 * ps, ps);
	fit = map(1, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	err_again = errno;
	again = fit;

	TST_EXP_EXPR(over == MAP_FAILED && err_over == ENOMEM,
		     "17 private writable pages with room for 16 under "
		     "RLIMIT_DATA: ENOMEM (%s)", over == MAP_FAILED ?
		     tst_strerrno(err_over) : "mapped");
	TST_EXP_EXPR(kb == base_kb + (long)(16 * ps / 1024),
		     "16 pages are mapped and VmData grew by exactly them "
		     "(%ld -> %ld kB)", base_kb, kb);
	TST_EXP_EXPR(more == MAP_FAILED && err_more == ENOMEM,
		     "one more private writable page: ENOMEM (%s)",
		     more == MAP_FAILED ? tst_strerrno(err_more) : "mapped");
	TST_EXP_EXPR(shared != MAP_FAILED && ro != MAP_FAILED,
		     "a shared writable and a private read-only mapping are "
		     "not data and are mapped at the limit");
	TST_EXP_EXPR(mp == -1 && mp_err == ENOMEM,
		     "mprotect(PROT_WRITE) of the private read-only mapping "
		     "at the limit: ENOMEM (returned %d, %s)", mp,
		     tst_strerrno(mp_err));
	TST_EXP_EXPR(code == SEGV_ACCERR, "it stays read-only: a store is "
		     "SEGV_ACCERR (si_code %d)", code);
	TST_EXP_EXPR(again != MAP_FAILED, "after munmap() of one data page "
		     "a one-page private writable mapping fits (%s)",
		     again == MAP_FAILED ? tst_strerrno(err_again) : "mapped");
	TST_EXP_EXPR(data[0] == 'd' && data[14 * ps] == 'd',
		     "the data pages kept their content");
	exit(0);
}

static void run(void)
{
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid)
		stack_child();
	reap_child(pid);

	pid = SAFE_FORK();
	if (!pid)
		data_child();
	reap_child(pid);
}

static void setup(void)
{
	ps = getpagesize();
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.forks_child = 1,
};
