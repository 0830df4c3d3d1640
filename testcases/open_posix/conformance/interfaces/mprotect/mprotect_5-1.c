// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Protections set with mprotect() are part of the address space a
 * fork() child gets: of four private anonymous pages holding data, made
 * PROT_READ, PROT_NONE, left PROT_READ|PROT_WRITE and made PROT_READ,
 * the child reads the data, faults
 * with SIGSEGV SEGV_ACCERR at the exact address on a write to the
 * read-only pages and on a read of the PROT_NONE page, and writes the
 * writable one. The child's own mprotect() (all four PROT_READ|
 * PROT_WRITE, then stores) leaves the parent's protections and data as
 * they were.
 */
#include <setjmp.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static sigjmp_buf env;
static void *fault_addr;
static int fault_code;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	fault_addr = si->si_addr;
	fault_code = si->si_code;
	siglongjmp(env, 1);
}

/* 1 when the access faults with SEGV_ACCERR at p, 0 when it works */
static int faults(volatile char *p, int write)
{
	fault_addr = NULL;
	if (sigsetjmp(env, 1))
		return fault_addr == (void *)p && fault_code == SEGV_ACCERR ? 1 : -1;
	if (write)
		*p = 'w';
	else
		(void)*p;
	return 0;
}

static long pg;
static char *m;

static int check(const char *who)
{
	if (m[0] != 'A' || m[3 * pg] != 'D' || m[2 * pg] != 'C')
		PTS_FAILED("%s: data lost", who);
	if (faults(m + 10, 1) != 1 || faults(m + 3 * pg + 10, 1) != 1)
		PTS_FAILED("%s: a read-only page did not fault SEGV_ACCERR on a write", who);
	if (faults(m + pg + 10, 0) != 1)
		PTS_FAILED("%s: the PROT_NONE page did not fault on a read", who);
	if (faults(m + 2 * pg + 10, 1) != 0)
		PTS_FAILED("%s: the writable page faulted", who);
	return PTS_PASS;
}

static int child(void)
{
	int i;

	check("child");
	if (mprotect(m, 4 * pg, PROT_READ | PROT_WRITE))
		PTS_FAILED("child's mprotect(): %m");
	for (i = 0; i < 4; i++)
		m[i * pg] = 'x';
	return PTS_PASS;
}

int main(void)
{
	struct sigaction sa;

	pg = sysconf(_SC_PAGESIZE);
	m = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	m[0] = 'A';
	m[pg] = 'B';
	m[2 * pg] = 'C';
	m[3 * pg] = 'D';
	if (mprotect(m, pg, PROT_READ) || mprotect(m + pg, pg, PROT_NONE) ||
	    mprotect(m + 3 * pg, pg, PROT_READ))
		PTS_UNRES("mprotect(): %m");
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	pts_run_child(child, "child");
	check("parent after the child's changes");
	if (mprotect(m + pg, pg, PROT_READ) || m[pg] != 'B')
		PTS_FAILED("the PROT_NONE page's data in the parent changed");
	PTS_PASSED("mprotect() protections inherited by fork(), the child's own not shared");
}
