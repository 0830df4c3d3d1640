// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mprotect(): changes the access protections of every whole page of the
 * range, across separate mappings: one call over two adjacent anonymous
 * mappings (one PROT_READ, one PROT_READ | PROT_WRITE) makes both
 * PROT_NONE (a read of either page then faults with SIGSEGV,
 * SEGV_ACCERR) and a second makes both writable; the data stored before
 * survives PROT_NONE and is read back.
 */
#include <setjmp.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static sigjmp_buf jb;
static volatile int code;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	code = si->si_code;
	siglongjmp(jb, 1);
}

static int readable(volatile char *p)
{
	code = 0;
	if (sigsetjmp(jb, 1))
		return 0;
	(void)*p;
	return 1;
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	struct sigaction sa;
	char *m;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	m[0] = 'a';
	m[pg] = 'b';
	/* two mappings side by side, with different protections */
	if (mprotect(m, pg, PROT_READ))
		PTS_UNRES("mprotect(first page): %m");
	if (mprotect(m, 2 * pg, PROT_NONE))
		PTS_FAILED("mprotect(PROT_NONE) over both: %m");
	if (readable(m) || code != SEGV_ACCERR)
		PTS_FAILED("first page readable under PROT_NONE (si_code %d)", code);
	if (readable(m + pg) || code != SEGV_ACCERR)
		PTS_FAILED("second page readable under PROT_NONE (si_code %d)", code);
	if (mprotect(m, 2 * pg, PROT_READ | PROT_WRITE))
		PTS_FAILED("mprotect(PROT_READ | PROT_WRITE): %m");
	if (m[0] != 'a' || m[pg] != 'b')
		PTS_FAILED("data lost across PROT_NONE");
	m[0] = 'c';
	m[pg] = 'd';
	PTS_PASSED("one call changes both mappings; data kept through PROT_NONE");
}
