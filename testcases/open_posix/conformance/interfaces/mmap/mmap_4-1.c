// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap() with PROT_NONE: the data cannot be accessed, and a reference the
 * protection does not permit is delivered as SIGSEGV. A read of a PROT_NONE
 * page raises SIGSEGV, once, with si_addr inside the page (the handler
 * leaves with siglongjmp()).
 */
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "posixtest.h"

static sigjmp_buf env;
static volatile sig_atomic_t hits;
static void *volatile fault_addr;
static volatile int fault_signo;

static void handler(int sig, siginfo_t *info, void *uc)
{
	(void)sig;
	(void)uc;
	hits++;
	fault_signo = info->si_signo;
	fault_addr = info->si_addr;
	siglongjmp(env, 1);
}

int main(void)
{
	long ps = sysconf(_SC_PAGESIZE);
	struct sigaction sa;
	volatile char c;
	char *map;

	map = mmap(NULL, ps, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		PTS_FAILED("mmap(PROT_NONE): %m");

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSEGV, &sa, NULL))
		PTS_UNRES("sigaction(SIGSEGV): %m");

	if (!sigsetjmp(env, 1)) {
		c = map[123];
		(void)c;
		PTS_FAILED("reading a PROT_NONE page did not raise a signal");
	}

	if (hits != 1)
		PTS_FAILED("reading a PROT_NONE page raised %d SIGSEGVs, expected 1",
			   (int)hits);
	if (fault_signo != SIGSEGV)
		PTS_FAILED("si_signo is %d, expected SIGSEGV", fault_signo);
	if ((char *)fault_addr < map || (char *)fault_addr >= map + ps)
		PTS_FAILED("si_addr %p is outside the page at %p", fault_addr,
			   (void *)map);
	PTS_PASSED("reading a PROT_NONE page raised SIGSEGV at %p", fault_addr);
}
