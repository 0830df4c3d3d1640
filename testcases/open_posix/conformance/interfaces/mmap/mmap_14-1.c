// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap() of /dev/zero with MAP_SHARED: the pages start zero-filled and
 * are one shared object for that mapping: a fork() child's stores are
 * seen by the parent and the parent's by the child, over two pages.
 * A second MAP_SHARED mapping of /dev/zero, even through the same
 * descriptor at the same offset, is a separate object: it stays zero
 * while the first is written, and its own stores do not reach the
 * first. A MAP_PRIVATE mapping of it is zero too and private to the
 * child that writes it.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

static long pg;
static char *a, *b, *p;
static int p2c[2], c2p[2];

static int zero(const char *m, long n)
{
	while (n--)
		if (*m++)
			return 0;
	return 1;
}

static int child(void)
{
	char c;

	if (read(p2c[0], &c, 1) != 1)
		return PTS_UNRESOLVED;
	if (a[0] != 'P' || a[pg + 5] != 'Q')
		PTS_FAILED("child does not see the parent's stores: %d %d",
			   a[0], a[pg + 5]);
	a[1] = 'c';
	a[2 * pg - 1] = 'd';
	p[0] = 'x';
	if (write(c2p[1], "c", 1) != 1)
		return PTS_UNRESOLVED;
	return PTS_PASS;
}

int main(void)
{
	int fd = open("/dev/zero", O_RDWR);
	pid_t pid;
	char c;

	pg = sysconf(_SC_PAGESIZE);
	if (fd < 0 || pipe(p2c) || pipe(c2p))
		PTS_UNRES("set-up: %m");
	a = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	b = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	p = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	if (a == MAP_FAILED || b == MAP_FAILED || p == MAP_FAILED)
		PTS_UNRES("mmap() of /dev/zero: %m");
	close(fd);
	if (!zero(a, 2 * pg) || !zero(b, 2 * pg) || !zero(p, pg))
		PTS_FAILED("a new /dev/zero mapping is not zero-filled");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p2c[1]);
		close(c2p[0]);
		exit(child());
	}
	close(p2c[0]);
	close(c2p[1]);
	a[0] = 'P';
	a[pg + 5] = 'Q';
	if (write(p2c[1], "p", 1) != 1)
		PTS_UNRES("write(): %m");
	if (read(c2p[0], &c, 1) != 1) {
		/* the child ended early: its verdict */
		pts_reap(pid, "child");
		PTS_UNRES("the child ended before its stores");
	}
	if (a[1] != 'c' || a[2 * pg - 1] != 'd')
		PTS_FAILED("the parent does not see the child's stores");
	if (!zero(b, 2 * pg))
		PTS_FAILED("a second MAP_SHARED /dev/zero mapping shows the first's data");
	b[0] = 'B';
	if (a[0] != 'P')
		PTS_FAILED("a store to the second mapping reached the first");
	if (!zero(p, pg))
		PTS_FAILED("the child's store to its MAP_PRIVATE copy reached the parent");
	pts_reap(pid, "child");
	PTS_PASSED("MAP_SHARED /dev/zero: shared with the child, separate per mapping");
}
