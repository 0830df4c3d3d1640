// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ftruncate() of a mapped file: when the file shrinks, "whole pages
 * beyond the new end shall be discarded" and references to them raise
 * SIGBUS; the page holding the new end stays mapped, its bytes beyond
 * the end read as zero. A file of four pages mapped MAP_SHARED is cut
 * to 1.5 pages: page 0 keeps its data, page 1 reads the kept half and
 * zeros after it, pages 2 and 3 give SIGBUS (with si_addr in them);
 * growing the file again makes them readable, as zeros.
 */
#include <setjmp.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static sigjmp_buf jb;
static void *fault_addr;

static void on_bus(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	fault_addr = si->si_addr;
	siglongjmp(jb, 1);
}

static int probe(volatile char *a)
{
	fault_addr = NULL;
	if (sigsetjmp(jb, 1))
		return -1;
	return *a;
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	struct sigaction sa;
	char path[64], *m;
	int fd, i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_bus;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGBUS, &sa, NULL);
	snprintf(path, sizeof(path), "/tmp/pts_ftrunc3_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	unlink(path);
	if (ftruncate(fd, 4 * pg))
		PTS_UNRES("ftruncate(): %m");
	m = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	memset(m, 'd', 4 * pg);
	if (ftruncate(fd, pg + pg / 2))
		PTS_FAILED("ftruncate(1.5 pages): %m");
	if (probe(m) != 'd' || probe(m + pg + pg / 2 - 1) != 'd')
		PTS_FAILED("data before the new end lost");
	if (probe(m + pg + pg / 2) != 0 || probe(m + 2 * pg - 1) != 0)
		PTS_FAILED("the tail of the last page does not read zero");
	for (i = 2; i < 4; i++) {
		if (probe(m + i * pg + 7) != -1)
			PTS_FAILED("page %d beyond the new end still readable", i);
		if (fault_addr != m + i * pg + 7)
			PTS_FAILED("SIGBUS si_addr %p, expected %p", fault_addr,
				   m + i * pg + 7);
	}
	if (ftruncate(fd, 4 * pg))
		PTS_FAILED("ftruncate(4 pages): %m");
	if (probe(m + 3 * pg) != 0 || probe(m + 2 * pg + 100) != 0)
		PTS_FAILED("regrown pages do not read zero");
	PTS_PASSED("pages past the new end discarded (SIGBUS), the rest kept");
}
