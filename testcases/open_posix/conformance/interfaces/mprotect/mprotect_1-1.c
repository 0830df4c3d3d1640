// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mprotect(): after PROT_READ a write to the page raises SIGSEGV (with
 * si_code SEGV_ACCERR: the page is mapped, the access not allowed) while
 * reads work and the data is kept; PROT_READ | PROT_WRITE allows the
 * write again. [EACCES] for PROT_WRITE on a MAP_SHARED mapping of a file
 * opened read-only; [EINVAL] for an unaligned address; [ENOMEM] for a
 * range that is not mapped.
 */
#include <setjmp.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static sigjmp_buf env;
static int code;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	code = si->si_code;
	siglongjmp(env, 1);
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	struct sigaction sa;
	volatile char *p;
	char path[64];
	void *s;
	int fd;

	p = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	p[0] = 7;
	if (mprotect((void *)p, pg, PROT_READ))
		PTS_FAILED("mprotect(PROT_READ): %m");
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	if (!sigsetjmp(env, 1)) {
		p[0] = 8;
		PTS_FAILED("write to a PROT_READ page did not fault");
	}
	if (code != SEGV_ACCERR)
		PTS_FAILED("si_code %d, expected SEGV_ACCERR", code);
	if (p[0] != 7)
		PTS_FAILED("data changed");
	if (mprotect((void *)p, pg, PROT_READ | PROT_WRITE))
		PTS_FAILED("mprotect(PROT_READ | PROT_WRITE): %m");
	p[0] = 9;
	PTS_EXPECT_ERRNO(mprotect((char *)p + 1, pg, PROT_READ), EINVAL,
			 "mprotect(unaligned)");
	munmap((char *)p + pg, pg);
	PTS_EXPECT_ERRNO(mprotect((char *)p + pg, pg, PROT_READ), ENOMEM,
			 "mprotect(unmapped)");
	snprintf(path, sizeof(path), "/tmp/pts_mprot_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || ftruncate(fd, pg))
		PTS_UNRES("file: %m");
	close(fd);
	fd = open(path, O_RDONLY);
	unlink(path);
	s = mmap(NULL, pg, PROT_READ, MAP_SHARED, fd, 0);
	if (s == MAP_FAILED)
		PTS_UNRES("mmap(file): %m");
	PTS_EXPECT_ERRNO(mprotect(s, pg, PROT_READ | PROT_WRITE), EACCES,
			 "PROT_WRITE on a read-only shared file mapping");
	PTS_PASSED("SEGV_ACCERR on write, EINVAL, ENOMEM, EACCES");
}
