// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One file shared through mmap() by several processes, and its size
 * changing under the mappings:
 *  - 4 children map a 64-page file MAP_SHARED, each at its own offset
 *    (a seeded random page offset, mapping up to the end of the file),
 *    and write, in parallel, a pattern of (child, page) into the pages a
 *    seeded random permutation gives it; after they exit (no msync(), the
 *    mapping unmapped by exit) read() of the file returns every page's
 *    pattern, from the page cache the mappings wrote;
 *  - a page written through a MAP_SHARED mapping that is munmap()ed at
 *    once, and one written after the file's descriptor is closed (the
 *    mapping keeps the file), are both in the file read() back;
 *    msync(MS_SYNC) after munmap() of the range is ENOMEM;
 *  - an 8-page MAP_SHARED mapping of a 2-page file: a store to page 3 is
 *    SIGBUS with si_code BUS_ADRERR and si_addr that exact address;
 *    after ftruncate() to 8 pages (still mapped) page 3 reads 0 and a
 *    store there reaches the file; after ftruncate() back to 2 pages an
 *    access to page 5, written before, is SIGBUS again and page 1 keeps
 *    its data;
 *  - a MAP_PRIVATE mapping: a page the process has written is its own
 *    copy, later pwrite()s to the file do not change it and the private
 *    data never reaches the file; a page not yet written shows what the
 *    file holds at the time of the access (POSIX leaves it unspecified:
 *    reported as TINFO).
 * Facts from upstream LTP's mmapstress01-10.
 * Syscalls: mmap, munmap, msync, ftruncate
 */
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"

#define NPG 64
#define NCHILD 4

static size_t ps;
static char *buf;
static sigjmp_buf jb;
static volatile int sig_code;
static void *volatile sig_addr;
static volatile int sig_no;

static void on_sig(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	sig_no = sig;
	sig_code = si->si_code;
	sig_addr = si->si_addr;
	siglongjmp(jb, 1);
}

/* Access addr (store val, or load when val is 0): 0 or the signal. */
static int access_at(volatile char *addr, char val, char *loaded)
{
	sig_no = 0;
	sig_addr = NULL;
	if (sigsetjmp(jb, 1))
		return sig_no;
	if (val)
		*addr = val;
	else if (loaded)
		*loaded = *addr;
	return 0;
}

static char pattern(int owner, int page, size_t k)
{
	return (char)(owner * 31 + page * 7 + k % 251 + 1);
}

static void shared_writers(void)
{
	int perm[NPG], off[NCHILD], i, j, t, fd, bad = 0, first_bad = -1;
	pid_t pids[NCHILD];
	size_t k;

	srand(0x6d6d3032);
	for (i = 0; i < NPG; i++)
		perm[i] = i;
	for (i = NPG - 1; i > 0; i--) {
		j = rand() % (i + 1);
		t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	for (i = 0; i < NCHILD; i++)
		off[i] = rand() % NPG;

	fd = SAFE_OPEN("shared", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_FTRUNCATE(fd, NPG * ps);
	for (i = 0; i < NCHILD; i++) {
		pids[i] = SAFE_FORK();
		if (pids[i])
			continue;
		/* mapping from page off[i] to the end of the file */
		char *m = SAFE_MMAP(NULL, (NPG - off[i]) * ps,
				    PROT_READ | PROT_WRITE, MAP_SHARED, fd,
				    (off_t)off[i] * ps);
		/* page perm[j] belongs to child j % NCHILD */
		for (j = i; j < NPG; j += NCHILD) {
			char *pg;
			int page = perm[j];

			if (page >= off[i]) {
				pg = m + (page - off[i]) * ps;
			} else {
				/* below this mapping: a one-page mapping */
				pg = SAFE_MMAP(NULL, ps, PROT_READ | PROT_WRITE,
					       MAP_SHARED, fd, (off_t)page * ps);
			}
			for (k = 0; k < ps; k++)
				pg[k] = pattern(i, page, k);
		}
		exit(0);
	}
	for (i = 0; i < NCHILD; i++)
		reap_child(pids[i]);

	for (j = 0; j < NPG; j++) {
		int page = perm[j], owner = j % NCHILD;

		SAFE_PREAD(1, fd, buf, ps, (off_t)page * ps);
		for (k = 0; k < ps; k++) {
			if (buf[k] != pattern(owner, page, k)) {
				bad++;
				if (first_bad < 0)
					first_bad = page;
				break;
			}
		}
	}
	TST_EXP_EXPR(bad == 0, "4 processes wrote 64 pages through shared "
		     "mappings at offsets %d/%d/%d/%d: read() returns every "
		     "pattern (%d pages wrong, first %d)", off[0], off[1],
		     off[2], off[3], bad, first_bad);
	SAFE_CLOSE(fd);
}

static void unmap_and_close(void)
{
	char *m;
	int fd;

	fd = SAFE_OPEN("order", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_FTRUNCATE(fd, 2 * ps);
	m = SAFE_MMAP(NULL, 2 * ps, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	memset(m, 'u', ps);
	SAFE_MUNMAP(m, ps);
	TST_EXP_FAIL(msync(m, ps, MS_SYNC), ENOMEM,
		     "msync(MS_SYNC) of the unmapped page");
	SAFE_CLOSE(fd);
	memset(m + ps, 'c', ps);
	SAFE_MUNMAP(m + ps, ps);

	fd = SAFE_OPEN("order", O_RDONLY);
	SAFE_PREAD(1, fd, buf, ps, 0);
	TST_EXP_EXPR(buf[0] == 'u' && buf[ps - 1] == 'u',
		     "a page written just before munmap() is in the file");
	SAFE_PREAD(1, fd, buf, ps, ps);
	TST_EXP_EXPR(buf[0] == 'c' && buf[ps - 1] == 'c',
		     "a page written after close() of the descriptor is in the "
		     "file");
	SAFE_CLOSE(fd);
}

static void check_bus(int sig, volatile char *addr, const char *what)
{
	if (sig == SIGBUS && sig_code == BUS_ADRERR && sig_addr == addr)
		tst_res(TPASS, "%s: SIGBUS BUS_ADRERR at %p", what,
			(void *)addr);
	else
		tst_res(TFAIL, "%s: signal %s si_code %d si_addr %p "
			"(expected SIGBUS BUS_ADRERR at %p)", what,
			sig ? tst_strsig(sig) : "none", sig_code, sig_addr,
			(void *)addr);
}

static void truncate_under_mapping(void)
{
	volatile char *m;
	char c = 0;
	int fd, sig;

	fd = SAFE_OPEN("grow", O_RDWR | O_CREAT | O_TRUNC, 0600);
	memset(buf, 'g', ps);
	SAFE_WRITE(1, fd, buf, ps);
	SAFE_WRITE(1, fd, buf, ps);
	m = SAFE_MMAP(NULL, 8 * ps, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	sig = access_at(m + 3 * ps + 5, 'x', NULL);
	check_bus(sig, m + 3 * ps + 5, "a store to page 3 of a 2-page file");

	SAFE_FTRUNCATE(fd, 8 * ps);
	sig = access_at(m + 3 * ps + 5, 0, &c);
	TST_EXP_EXPR(sig == 0 && c == 0, "after ftruncate() to 8 pages page 3 "
		     "reads 0 (signal %d, byte %d)", sig, c);
	sig = access_at(m + 5 * ps, 'n', NULL);
	SAFE_PREAD(1, fd, buf, 1, 5 * ps);
	TST_EXP_EXPR(sig == 0 && buf[0] == 'n', "a store to page 5 reaches "
		     "the file (signal %d, file byte %d)", sig, buf[0]);

	SAFE_FTRUNCATE(fd, 2 * ps);
	sig = access_at(m + 5 * ps, 0, &c);
	check_bus(sig, m + 5 * ps, "after ftruncate() back to 2 pages, a load "
		  "from page 5");
	sig = access_at(m + ps + 9, 0, &c);
	TST_EXP_EXPR(sig == 0 && c == 'g', "page 1 keeps its data (%d)", c);
	SAFE_MUNMAP((void *)m, 8 * ps);
	SAFE_CLOSE(fd);
}

static void private_copy(void)
{
	volatile char *m;
	char c;
	int fd;

	fd = SAFE_OPEN("private", O_RDWR | O_CREAT | O_TRUNC, 0600);
	memset(buf, 'f', ps);
	SAFE_WRITE(1, fd, buf, ps);
	SAFE_WRITE(1, fd, buf, ps);
	m = SAFE_MMAP(NULL, 2 * ps, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);

	c = m[0];
	m[ps] = 'p';
	SAFE_PWRITE(1, fd, "F", 1, 0);
	SAFE_PWRITE(1, fd, "G", 1, ps);
	SAFE_PWRITE(1, fd, "H", 1, ps + 1);
	TST_EXP_EXPR(c == 'f' && m[ps] == 'p' && m[ps + 1] == 'f',
		     "a privately written page keeps its own copy after the "
		     "file changes ('%c%c', expected 'pf')", m[ps], m[ps + 1]);
	SAFE_PREAD(1, fd, buf, 2, ps);
	TST_EXP_EXPR(buf[0] == 'G' && buf[1] == 'H', "the private store never "
		     "reaches the file ('%c%c')", buf[0], buf[1]);
	tst_res(TINFO, "a page only read through MAP_PRIVATE %s a later file "
		"write (read '%c' after pwrite of 'F'; POSIX unspecified)",
		m[0] == 'F' ? "sees" : "does not see", m[0]);
	SAFE_MUNMAP((void *)m, 2 * ps);
	SAFE_CLOSE(fd);
}

static void run(void)
{
	shared_writers();
	unmap_and_close();
	truncate_under_mapping();
	private_copy();
}

static void setup(void)
{
	struct sigaction sa = {
		.sa_sigaction = on_sig,
		.sa_flags = SA_SIGINFO,
	};

	ps = getpagesize();
	buf = SAFE_MALLOC(ps);
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGBUS, &sa, NULL) || sigaction(SIGSEGV, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction()");
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
