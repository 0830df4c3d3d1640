// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mincore() sees pages another process faulted in, where the memory is
 * shared, and only there:
 * - eight pages of MAP_SHARED anonymous memory: after a child touched
 *   pages 1, 3 and 6, the parent's mincore() shows exactly those three
 *   resident, without the parent ever touching them;
 * - a MAP_SHARED mapping of a file (empty page cache) that a child
 *   stored to through its own mapping of the file: the parent sees at
 *   least those three pages resident (it reports the page cache, where
 *   read-ahead may have brought their neighbours too);
 * - eight pages of MAP_PRIVATE anonymous memory: the pages a child
 *   touches are its own copies, the parent's stay non-resident.
 */
#include <stdlib.h>
#include "tst_test.h"
#include "vm_helpers.h"

#define PAGES 8

static size_t pg;

static void toucher(char *p)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		p[1 * pg] = 1;
		p[3 * pg] = 1;
		p[6 * pg] = 1;
		exit(0);
	}
	reap_child(pid);
}

enum { NONE, EXACTLY, AT_LEAST };

static void check(char *p, const char *what, int how)
{
	unsigned char vec[PAGES];
	int i, bad = 0;

	if (mincore(p, PAGES * pg, vec))
		tst_brk(TBROK | TERRNO, "mincore()");
	for (i = 0; i < PAGES; i++) {
		int touched = i == 1 || i == 3 || i == 6;
		int want = how != NONE && touched;

		if (how == AT_LEAST && !touched)
			continue;
		if ((vec[i] & 1) != want) {
			tst_res(TFAIL, "%s: page %d %sresident", what, i,
				vec[i] & 1 ? "" : "not ");
			bad = 1;
		}
	}
	if (!bad)
		tst_res(TPASS, "%s: %s", what, how == NONE ? "none resident" :
			how == EXACTLY ? "exactly pages 1, 3, 6 resident" :
			"pages 1, 3, 6 resident");
}

static void shared_anon(void)
{
	char *p = SAFE_MMAP(NULL, PAGES * pg, PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	check(p, "shared anonymous, before", NONE);
	toucher(p);
	check(p, "shared anonymous, after a child's stores", EXACTLY);
	SAFE_MUNMAP(p, PAGES * pg);
}

static void shared_file(void)
{
	char *p, *q;
	int fd;

	fd = SAFE_OPEN("file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_FTRUNCATE(fd, PAGES * pg);
	p = SAFE_MMAP(NULL, PAGES * pg, PROT_READ, MAP_SHARED, fd, 0);
	q = SAFE_MMAP(NULL, PAGES * pg, PROT_READ | PROT_WRITE, MAP_SHARED,
		      fd, 0);
	check(p, "shared file, before", NONE);
	toucher(q);
	check(p, "shared file, after a child's stores through its mapping",
	      AT_LEAST);
	SAFE_MUNMAP(p, PAGES * pg);
	SAFE_MUNMAP(q, PAGES * pg);
	SAFE_CLOSE(fd);
}

static void private_anon(void)
{
	char *p = SAFE_MMAP(NULL, PAGES * pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	toucher(p);
	check(p, "private anonymous, after a child's stores", NONE);
	SAFE_MUNMAP(p, PAGES * pg);
}

static void (*const cases[])(void) = {
	shared_anon,
	shared_file,
	private_anon,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	pg = vm_page_size();
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
