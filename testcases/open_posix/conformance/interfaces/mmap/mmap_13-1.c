// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap() fails with [ENOMEM] when the mapping would exceed the address
 * space the process may have (RLIMIT_AS; "insufficient room in the
 * address space"), exactly at the limit: with RLIMIT_AS set to the
 * current VmSize plus 8 pages, an 8-page mapping succeeds and then a
 * one-page mapping fails (MAP_FIXED into a free hole too, while
 * MAP_FIXED over one of its mapped pages, adding nothing, succeeds);
 * unmapping one page makes room for exactly one page again. Growing a
 * mapping with mremap() past the limit fails with ENOMEM and leaves it
 * as it was, data kept. Done in a child that reads /proc without stdio, so that no
 * allocation of its own changes VmSize between the reads.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

static long pg;

/* VmSize of /proc/self/status in bytes, read without allocating */
static long long vmsize(void)
{
	static char buf[8192];
	int fd = open("/proc/self/status", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
	char *p;

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	p = strstr(buf, "VmSize:");
	return p ? strtoll(p + 7, NULL, 10) * 1024 : -1;
}

static void *map(void *addr, long pages, int flags)
{
	return mmap(addr, pages * pg, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
}

static int child(void)
{
	char *hole, *a, *b, *c;
	struct rlimit rl;
	long long vs;

	/* a one-page hole between two mapped pages, for MAP_FIXED */
	hole = map(NULL, 3, 0);
	if (hole == MAP_FAILED || munmap(hole + pg, pg))
		PTS_UNRES("mmap()/munmap(): %m");
	hole += pg;
	vs = vmsize();
	rl.rlim_cur = rl.rlim_max = vs + 8 * pg;
	if (vs <= 0 || setrlimit(RLIMIT_AS, &rl))
		PTS_UNRES("setrlimit(RLIMIT_AS): %m");
	a = map(NULL, 8, 0);
	if (a == MAP_FAILED)
		PTS_FAILED("8 pages up to the RLIMIT_AS: %m");
	a[0] = 'a';
	PTS_EXPECT_ERRNO(map(NULL, 1, 0), ENOMEM, "one page over RLIMIT_AS");
	PTS_EXPECT_ERRNO(map(hole, 1, MAP_FIXED), ENOMEM,
			 "one MAP_FIXED page into a hole over RLIMIT_AS");
	/* replacing a mapped page adds nothing to the address space */
	if (map(a + pg, 1, MAP_FIXED) != a + pg)
		PTS_FAILED("MAP_FIXED over one of its own pages at RLIMIT_AS: %m");
	if (munmap(a + 7 * pg, pg))
		PTS_UNRES("munmap(): %m");
	b = map(NULL, 1, 0);
	if (b == MAP_FAILED)
		PTS_FAILED("one page after unmapping one: %m");
	PTS_EXPECT_ERRNO(map(NULL, 1, 0), ENOMEM, "a second page after unmapping one");
	if (munmap(b, pg))
		PTS_UNRES("munmap(): %m");
	c = mremap(a, 7 * pg, 9 * pg, MREMAP_MAYMOVE);
	if (c != MAP_FAILED || errno != ENOMEM)
		PTS_FAILED("mremap() 7 -> 9 pages over RLIMIT_AS: %s",
			   c == MAP_FAILED ? strerrorname_np(errno) : "succeeded");
	if (a[0] != 'a' || vmsize() != vs + 7 * pg)
		PTS_FAILED("the failed mremap() changed the mapping (VmSize %lld, expected %lld)",
			   vmsize(), vs + 7 * pg);
	c = mremap(a, 7 * pg, 8 * pg, MREMAP_MAYMOVE);
	if (c == MAP_FAILED || c[0] != 'a')
		PTS_FAILED("mremap() 7 -> 8 pages up to RLIMIT_AS: %m");
	return PTS_PASS;
}

int main(void)
{
	pg = sysconf(_SC_PAGESIZE);
	pts_run_child(child, "RLIMIT_AS child");
	PTS_PASSED("ENOMEM exactly past RLIMIT_AS for mmap() and mremap()");
}
