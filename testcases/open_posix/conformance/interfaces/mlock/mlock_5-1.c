// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlock() for an unprivileged process (nobody, no CAP_IPC_LOCK) at its
 * RLIMIT_MEMLOCK of 4 pages, exactly: 4 pages lock (VmLck 4 pages);
 * locking them again succeeds, already locked pages are not counted
 * twice; one more page fails with [ENOMEM], alone or in a range that
 * also covers the 4 locked ones, and nothing changes (VmLck, the page
 * still unlocked: it can be locked after one of the others is
 * unlocked); a range of 2 bytes across a page boundary counts as the 2
 * whole pages.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

static long pg;

static long vmlck_pages(void)
{
	char buf[8192], *p;
	int fd = open("/proc/self/status", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	p = strstr(buf, "VmLck:");
	return p ? strtol(p + 6, NULL, 10) * 1024 / pg : -1;
}

#define EXPECT_LCK(n, what) do { \
	long l_ = vmlck_pages(); \
	if (l_ != (n)) \
		PTS_FAILED("%s: VmLck %ld pages, expected %d", what, l_, (n)); \
} while (0)

static int child(void)
{
	struct rlimit rl = { 4 * pg, 4 * pg };
	char *m;

	if (setrlimit(RLIMIT_MEMLOCK, &rl))
		PTS_UNRES("setrlimit(RLIMIT_MEMLOCK): %m");
	pts_become_nobody();
	m = mmap(NULL, 8 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	EXPECT_LCK(0, "before");
	if (mlock(m, 4 * pg))
		PTS_FAILED("mlock() of 4 pages at a 4-page limit: %m");
	EXPECT_LCK(4, "4 pages locked");
	if (mlock(m, 4 * pg))
		PTS_FAILED("mlock() of the same 4 pages again: %m");
	if (mlock(m + pg, 2))
		PTS_FAILED("mlock() of 2 bytes of a locked page: %m");
	EXPECT_LCK(4, "the same pages locked again");
	PTS_EXPECT_ERRNO(mlock(m + 4 * pg, pg), ENOMEM, "a fifth page");
	PTS_EXPECT_ERRNO(mlock(m, 5 * pg), ENOMEM, "the 4 locked pages and a fifth");
	PTS_EXPECT_ERRNO(mlock(m + 4 * pg - 1, 2), ENOMEM,
			 "2 bytes across the boundary to the fifth page");
	EXPECT_LCK(4, "after the refused calls");
	if (munlock(m + 3 * pg, pg))
		PTS_UNRES("munlock(): %m");
	EXPECT_LCK(3, "one page unlocked");
	PTS_EXPECT_ERRNO(mlock(m + 4 * pg - 1, 2), ENOMEM,
			 "2 bytes across a page boundary, both pages unlocked, 3 locked");
	if (mlock(m + 5 * pg - 1, 1))
		PTS_FAILED("mlock() of the last byte of the fifth page: %m");
	EXPECT_LCK(4, "the fifth page locked");
	return PTS_PASS;
}

int main(void)
{
	pg = sysconf(_SC_PAGESIZE);
	pts_run_child(child, "RLIMIT_MEMLOCK child");
	PTS_PASSED("RLIMIT_MEMLOCK exact: relocking not counted twice, ENOMEM past it");
}
