// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap() of /dev/zero and of a large file, read back:
 * - a MAP_PRIVATE mapping of /dev/zero reads zeros and keeps what is
 *   stored in it private (a second mapping still reads zeros); a
 *   MAP_SHARED one is shared memory: a child's stores after fork() are
 *   seen by the parent;
 * - for a few seconds: 4 MiB /dev/zero and anonymous private mappings
 *   with MADV_HUGEPAGE are filled, a child forks and writes every other
 *   page (copy on write of transparent huge pages), the parent then
 *   mprotect()s one page in the middle (splitting the huge page mapping,
 *   whose rmap walk must find each huge PMD once) and unmaps; both see
 *   their own data to the end, and the children's status is checked;
 * - a 128 MiB MAP_SHARED file mapping written by stores only reads back
 *   through pread() after munmap(), every page as written.
 * The kernel must not get a new W or D taint.
 */
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include "tst_test.h"

#define BIG (128L << 20)
#define RACE (4L << 20)

static long pg;

static void dev_zero(void)
{
	char *a, *b;
	int fd = SAFE_OPEN("/dev/zero", O_RDWR);
	pid_t pid;

	a = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd,
		      0);
	b = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd,
		      0);
	TST_EXP_EXPR(!a[0] && !a[4 * pg - 1], "private /dev/zero reads zeros");
	memset(a, 'p', 4 * pg);
	TST_EXP_EXPR(a[3 * pg] == 'p' && !b[3 * pg],
		     "stores to a private /dev/zero mapping stay private");
	SAFE_MUNMAP(a, 4 * pg);
	SAFE_MUNMAP(b, 4 * pg);

	a = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	pid = SAFE_FORK();
	if (!pid) {
		memset(a, 's', 4 * pg);
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EXPR(a[0] == 's' && a[4 * pg - 1] == 's',
		     "a child's stores to shared /dev/zero are seen");
	SAFE_MUNMAP(a, 4 * pg);
	SAFE_CLOSE(fd);
}

static int check_fill(char *p, long len, char c)
{
	long i;

	for (i = 0; i < len; i += pg)
		if (p[i] != c)
			return 0;
	return 1;
}

static void fork_split_round(int zero_fd, long round, long *bad)
{
	char c = 'a' + round % 26;
	char *p;
	pid_t pid;
	long i;

	p = SAFE_MMAP(NULL, RACE, PROT_READ | PROT_WRITE, MAP_PRIVATE |
		      (zero_fd < 0 ? MAP_ANONYMOUS : 0), zero_fd, 0);
	madvise(p, RACE, MADV_HUGEPAGE);
	memset(p, c, RACE);
	pid = SAFE_FORK();
	if (!pid) {
		for (i = 0; i < RACE; i += 2 * pg)
			p[i] = 'C';
		for (i = 0; i < RACE; i += 2 * pg) {
			if (p[i] != 'C' || p[i + pg] != c) {
				tst_res(TFAIL, "child: page at %ld reads '%c' "
					"'%c'", i, p[i], p[i + pg]);
				exit(0);
			}
		}
		exit(0);
	}
	SAFE_MPROTECT(p + RACE / 2, pg, PROT_READ);
	reap_child(pid);
	if (!check_fill(p, RACE, c))
		(*bad)++;
	SAFE_MUNMAP(p, RACE);
}

static void fork_split(void)
{
	double end = tst_mono_secs() + 2 * tst_timeout_mul();
	long rounds = 0, bad = 0;
	int fd = SAFE_OPEN("/dev/zero", O_RDWR);

	while (tst_mono_secs() < end) {
		fork_split_round(fd, rounds, &bad);
		fork_split_round(-1, rounds, &bad);
		rounds++;
	}
	SAFE_CLOSE(fd);
	if (bad)
		tst_res(TFAIL, "%ld of %ld rounds: the parent's data changed",
			bad, 2 * rounds);
	else
		tst_res(TPASS, "%ld fork/split/unmap rounds kept the parent's "
			"data", 2 * rounds);
}

static void big_file(void)
{
	char *p, *buf;
	long i, bad = 0;
	int fd;

	fd = SAFE_OPEN("big", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_FTRUNCATE(fd, BIG);
	p = SAFE_MMAP(NULL, BIG, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	for (i = 0; i < BIG; i += pg) {
		memcpy(p + i, &i, sizeof(i));
		p[i + pg - 1] = (char)(i / pg);
	}
	SAFE_MUNMAP(p, BIG);
	buf = SAFE_MALLOC(pg);
	for (i = 0; i < BIG; i += pg) {
		long v;

		SAFE_PREAD(1, fd, buf, pg, i);
		memcpy(&v, buf, sizeof(v));
		if (v != i || buf[pg - 1] != (char)(i / pg)) {
			if (!bad++)
				tst_res(TFAIL, "page at %ld reads %ld", i, v);
		}
	}
	free(buf);
	SAFE_CLOSE(fd);
	TST_EXP_EQ_LI(bad, 0);
}

static void (*const cases[])(void) = {
	dev_zero,
	fork_split,
	big_file,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	pg = getpagesize();
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.min_mem_avail_mb = 300,
	.timeout = 60,
};
