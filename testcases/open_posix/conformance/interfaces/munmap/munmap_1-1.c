// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munmap(): "Further references to these pages shall result in the
 * generation of a SIGSEGV signal." The middle page of three mapped pages
 * is unmapped: it faults with SIGSEGV (si_addr in it), its neighbours
 * keep their data; [EINVAL] for an address that is not page aligned and
 * for a length of 0; unmapping a range with nothing mapped succeeds.
 */
#include <setjmp.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static sigjmp_buf env;
static void *addr;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	addr = si->si_addr;
	siglongjmp(env, 1);
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	struct sigaction sa;
	volatile char *p;

	p = mmap(NULL, 3 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	p[0] = 1;
	p[pg] = 2;
	p[2 * pg] = 3;
	if (munmap((char *)p + pg, pg))
		PTS_FAILED("munmap(middle page): %m");
	if (p[0] != 1 || p[2 * pg] != 3)
		PTS_FAILED("neighbouring pages lost their data");
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	if (!sigsetjmp(env, 1)) {
		(void)p[pg + 10];
		PTS_FAILED("reading an unmapped page did not fault");
	}
	if (addr != (char *)p + pg + 10)
		PTS_FAILED("si_addr %p, expected %p", addr, (char *)p + pg + 10);
	PTS_EXPECT_ERRNO(munmap((char *)p + 1, pg), EINVAL,
			 "munmap(unaligned)");
	PTS_EXPECT_ERRNO(munmap((char *)p, 0), EINVAL, "munmap(length 0)");
	if (munmap((char *)p + pg, pg))
		PTS_FAILED("munmap() of an unmapped range: %m");
	PTS_PASSED("unmapped page faults with SIGSEGV, EINVAL cases");
}
