// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * brk() shrinking over a heap that mprotect() split into several VMAs:
 * the heap grown by three pages, its middle page made read-only (three
 * VMAs), then the break lowered to where it started: the call returns the
 * old start, none of the three pages is mapped any more (/proc/self/maps
 * has no range there; mincore() is ENOMEM) and growing again gives zero
 * pages, writable, also where the read-only page was.
 * Syscalls: brk
 */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"

static unsigned long sys_brk(unsigned long addr)
{
	return syscall(__NR_brk, addr);
}

static char maps[65536];

/*
 * 1 when some line of /proc/self/maps overlaps [start, end). No stdio
 * and no malloc: the C library's sbrk() would move the break under the
 * test, from the value it cached before the raw calls.
 */
static int mapped(unsigned long start, unsigned long end)
{
	unsigned long a, b;
	ssize_t n, len = 0;
	char *line;
	int fd = SAFE_OPEN("/proc/self/maps", O_RDONLY);

	while ((n = read(fd, maps + len, sizeof(maps) - 1 - len)) > 0)
		len += n;
	SAFE_CLOSE(fd);
	maps[len] = 0;
	for (line = maps; line && *line; line = strchr(line, '\n')) {
		if (*line == '\n')
			line++;
		a = strtoul(line, &line, 16);
		if (*line != '-')
			continue;
		b = strtoul(line + 1, NULL, 16);
		if (a < end && b > start)
			return 1;
	}
	return 0;
}

static void child(void)
{
	long page = getpagesize();
	unsigned long start, end, ret, ret2;
	unsigned char vec[3];
	unsigned char *p;
	long i, nonzero = 0;
	int was_mapped, mc, mc_err, rw;

	start = sys_brk(0);
	/* a page-aligned start keeps the three pages whole */
	start = (start + page - 1) & ~(page - 1);
	if (sys_brk(start) != start)
		tst_brk(TBROK, "cannot align the break");
	end = start + 3 * page;
	if (sys_brk(end) != end)
		tst_brk(TBROK, "cannot grow the heap by 3 pages");
	memset((void *)start, 0xaa, 3 * page);
	if (mprotect((void *)(start + page), page, PROT_READ))
		tst_brk(TBROK | TERRNO, "mprotect()");
	/* nothing below may call malloc() until the results are out */
	ret = sys_brk(start);
	was_mapped = mapped(start, end);
	mc = mincore((void *)start, 3 * page, vec);
	mc_err = errno;
	ret2 = sys_brk(end);
	p = (unsigned char *)start;
	if (ret2 == end) {
		for (i = 0; i < 3 * page; i++)
			nonzero += p[i] != 0;
		memset(p, 0x55, 3 * page);
	}
	rw = ret2 == end && p[page + 1] == 0x55;

	TST_EXP_EXPR(ret == start, "brk() down over the split heap returns "
		     "the new break (%#lx, want %#lx)", ret, start);
	TST_EXP_EXPR(!was_mapped, "none of the 3 pages is in "
		     "/proc/self/maps");
	TST_EXP_EXPR(mc == -1 && mc_err == ENOMEM, "mincore() of the cut "
		     "pages: ENOMEM (%d, %s)", mc, tst_strerrno(mc_err));
	TST_EXP_EXPR(ret2 == end, "growing again (%#lx)", ret2);
	TST_EXP_EXPR(!nonzero, "the new pages are zero (%ld bytes not)",
		     nonzero);
	TST_EXP_EXPR(rw, "and writable, the once read-only one too");
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	/* the heap of a child: the test process's malloc() is left alone */
	if (!pid)
		child();
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};
