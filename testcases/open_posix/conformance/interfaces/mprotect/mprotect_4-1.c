// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mprotect() and PROT_EXEC: code stored into a private anonymous
 * mapping runs once the pages are PROT_READ | PROT_EXEC (it returns the
 * value it was written to return, rewritten and run again after a
 * PROT_WRITE round); with PROT_READ alone (or PROT_READ | PROT_WRITE) a
 * call into it is refused with SIGSEGV, si_code SEGV_ACCERR and si_addr
 * the instruction's address, the process able to go on (x86-64: the CPU
 * enforces no-execute pages).
 */
#include <setjmp.h>
#include <sys/mman.h>

#include "pts_helpers.h"

#if defined(__x86_64__)

static sigjmp_buf env;
static volatile siginfo_t seen;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	seen = *si;
	siglongjmp(env, 1);
}

/* mov eax, imm32 ; ret */
static void put_code(unsigned char *p, int value)
{
	p[0] = 0xb8;
	memcpy(p + 1, &value, 4);
	p[5] = 0xc3;
}

static int try_call(unsigned char *p, int *ret)
{
	int (*fn)(void) = (int (*)(void))(void *)p;

	memset((void *)&seen, 0, sizeof(seen));
	if (sigsetjmp(env, 1))
		return -1;
	*ret = fn();
	return 0;
}

int main(void)
{
	struct sigaction sa = { .sa_sigaction = on_segv, .sa_flags = SA_SIGINFO };
	long pg = sysconf(_SC_PAGESIZE);
	static const int prots[] = { PROT_READ, PROT_READ | PROT_WRITE };
	unsigned char *p;
	unsigned int i;
	int r = 0;

	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSEGV, &sa, NULL))
		PTS_UNRES("sigaction(): %s", strerror(errno));
	p = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %s", strerror(errno));
	put_code(p, 4242);
	if (mprotect(p, pg, PROT_READ | PROT_EXEC))
		PTS_FAILED("mprotect(PROT_READ|PROT_EXEC): %s", strerror(errno));
	if (try_call(p, &r) || r != 4242)
		PTS_FAILED("code in a PROT_EXEC page: %s, returned %d",
			   r ? "ran" : "SIGSEGV", r);
	if (mprotect(p, pg, PROT_READ | PROT_WRITE))
		PTS_FAILED("mprotect(PROT_READ|PROT_WRITE): %s", strerror(errno));
	put_code(p, 777);
	for (i = 0; i < 2; i++) {
		if (mprotect(p, pg, prots[i]))
			PTS_FAILED("mprotect(%d): %s", prots[i], strerror(errno));
		if (!try_call(p, &r))
			PTS_FAILED("code ran in a page without PROT_EXEC (prot %d, returned %d)",
				   prots[i], r);
		if (seen.si_signo != SIGSEGV || seen.si_code != SEGV_ACCERR ||
		    seen.si_addr != (void *)p)
			PTS_FAILED("prot %d: si_code %d si_addr %p (SEGV_ACCERR, %p expected)",
				   prots[i], seen.si_code, seen.si_addr, (void *)p);
	}
	if (mprotect(p, pg, PROT_EXEC | PROT_READ))
		PTS_FAILED("mprotect(PROT_READ|PROT_EXEC): %s", strerror(errno));
	if (try_call(p, &r) || r != 777)
		PTS_FAILED("rewritten code did not run (%d)", r);
	PTS_PASSED("PROT_EXEC pages run their code; without it SIGSEGV SEGV_ACCERR at the instruction");
}

#else

int main(void)
{
	PTS_UNSUPP("the instruction bytes are written for x86-64 only");
}

#endif
