// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction() with SA_SIGINFO for faults: a read of an address with no
 * mapping raises SIGSEGV with si_code SEGV_MAPERR ("address not mapped
 * to object") and si_addr the address; a read of a file mapping's page
 * wholly beyond the end of the file raises SIGBUS with si_code
 * BUS_ADRERR ("nonexistent physical address") and si_addr in that page.
 */
#include <setjmp.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static sigjmp_buf env;
static siginfo_t got;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	got = *si;
	siglongjmp(env, 1);
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	volatile char *p, *f;
	struct sigaction sa;
	char path[64];
	int fd;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	p = mmap(NULL, pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED || munmap((void *)p, pg))
		PTS_UNRES("mmap/munmap: %m");
	if (!sigsetjmp(env, 1)) {
		(void)p[123];
		PTS_FAILED("reading an unmapped address did not fault");
	}
	if (got.si_signo != SIGSEGV || got.si_code != SEGV_MAPERR ||
	    got.si_addr != (void *)(p + 123))
		PTS_FAILED("unmapped: signo %d code %d addr %p, expected SIGSEGV SEGV_MAPERR %p",
			   got.si_signo, got.si_code, got.si_addr, (void *)(p + 123));
	snprintf(path, sizeof(path), "/tmp/pts_sigbus_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0 || ftruncate(fd, 10))
		PTS_UNRES("file: %m");
	f = mmap(NULL, 2 * pg, PROT_READ, MAP_SHARED, fd, 0);
	if (f == MAP_FAILED)
		PTS_UNRES("mmap(file): %m");
	if (!sigsetjmp(env, 1)) {
		(void)f[pg + 5];
		PTS_FAILED("reading beyond the end of the file did not fault");
	}
	if (got.si_signo != SIGBUS || got.si_code != BUS_ADRERR ||
	    got.si_addr != (void *)(f + pg + 5))
		PTS_FAILED("beyond EOF: signo %d code %d addr %p, expected SIGBUS BUS_ADRERR %p",
			   got.si_signo, got.si_code, got.si_addr, (void *)(f + pg + 5));
	PTS_PASSED("SEGV_MAPERR and BUS_ADRERR with the faulting address");
}
