// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Proportional set size in /proc/PID/smaps and smaps_rollup, exact to the
 * kernel's fixed point (each page adds (PAGE_SIZE << 12) / mapcount, the
 * sum is shifted back and printed in kB, so 32 pages shared by 3 show
 * 42 kB, not 43):
 *  - the parent writes 64 private anonymous pages (A) and 32 shared
 *    anonymous pages (S), forks two children; the first writes 16 pages
 *    of A (copy on write) and mlock()s S. In the first child A has Rss
 *    256 kB, Anonymous 256, Private_Dirty 64, Shared_Dirty 192 and Pss of
 *    16 own pages plus 48 shared by 3; S Rss 128, Shared_Dirty 128, Pss
 *    and Locked those of 32 pages shared by 3; in the second child and in
 *    the parent all 64 pages of A are shared (16 by 2, 48 by 3);
 *  - after the second child exits (reaped, exit 0): the first child's A
 *    Pss is 64 + 48 x 2 kB, S 64 kB and Locked 64; the parent's 16 pages
 *    are private again (Private_Dirty 64);
 *  - after both exit: the parent's A is all Private_Dirty with Pss 256
 *    and S Pss 128, Private_Dirty 128;
 *  - smaps_rollup of a child equals the sums over its smaps entries for
 *    Rss, Anonymous, Private_Dirty, Shared_Dirty, Referenced, and for Pss
 *    and Locked within the per-entry rounding (rollup sums before it).
 * Would catch: Pss divided by the wrong count or not at all, pages still
 * counted as shared after their other mappers exited or copied them,
 * Locked not proportional, rollup missing or double-counting VMAs.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"

#define A_PAGES 64
#define S_PAGES 32
#define COW_PAGES 16
#define PSS_SHIFT 12

static size_t pg;
static char *anon, *shm;

struct child {
	pid_t pid;
	int ready[2];	/* child -> parent: one byte when set up */
	int go[2];	/* parent -> child: closed to let it exit */
};

static struct child kids[2];

/* Pss in kB of pages as the kernel computes it: npages[m] mapped m times. */
static long pss_kb(const unsigned int npages[4])
{
	unsigned long long sum = 0, unit = (unsigned long long)pg << PSS_SHIFT;
	int m;

	for (m = 1; m < 4; m++)
		sum += npages[m] * (m > 1 ? unit / m : unit);
	return (long)((sum >> PSS_SHIFT) >> 10);
}

static int all_bytes(const char *p, size_t n, char c)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (p[i] != c)
			return 0;
	}
	return 1;
}

static void expect_kb(pid_t pid, const char *who, void *addr,
		      const char *name, const char *field, long want)
{
	long got = proc_smaps_kb(pid, "smaps", addr, field, NULL);

	TST_EXP_EXPR(got == want, "%s, %s: %s %ld kB (want %ld)", who, name,
		     field, got, want);
}

static void child_main(struct child *c, int cow)
{
	char b = 'r';
	int i;

	SAFE_CLOSE(c->ready[0]);
	SAFE_CLOSE(c->go[1]);
	/* fork() copies no page table entries of a shared mapping */
	for (i = 0; i < S_PAGES; i++)
		(void)*(volatile char *)(shm + i * pg);
	if (cow) {
		for (i = 0; i < COW_PAGES; i++)
			anon[i * pg] = 'c';
		vm_mlock(shm, S_PAGES * pg);
	}
	SAFE_WRITE(1, c->ready[1], &b, 1);
	/* Stay still until the parent closes go: EOF. */
	if (read(c->go[0], &b, 1) != 0)
		exit(1);
	exit(0);
}

static void start_child(struct child *c, int cow)
{
	char b;

	SAFE_PIPE(c->ready);
	SAFE_PIPE(c->go);
	c->pid = SAFE_FORK();
	if (!c->pid)
		child_main(c, cow);
	SAFE_CLOSE(c->ready[1]);
	SAFE_CLOSE(c->go[0]);
	SAFE_READ(1, c->ready[0], &b, 1);
	SAFE_CLOSE(c->ready[0]);
}

static void stop_child(struct child *c)
{
	SAFE_CLOSE(c->go[1]);
	reap_child(c->pid);
	c->pid = 0;
}

/*
 * Pss of file pages (libc) changes whenever another process maps or
 * unmaps them, which other tests do all the time: the comparison is
 * taken again, up to 10 times, until one pair of reads agrees.
 */
static void check_rollup(pid_t pid, const char *who)
{
	static const char *const fields[] = {"Rss", "Anonymous", "Pss",
		"Locked"};
	long sum[ARRAY_SIZE(fields)], roll[ARRAY_SIZE(fields)];
	unsigned int i, ok = 0;
	int nvma = 0, try;

	for (try = 0; try < 10 && !ok; try++) {
		ok = 1;
		for (i = 0; i < ARRAY_SIZE(fields); i++) {
			sum[i] = proc_smaps_kb(pid, "smaps", NULL, fields[i],
					     &nvma);
			roll[i] = proc_smaps_kb(pid, "smaps_rollup", NULL,
					      fields[i], NULL);
			/* Rss and Anonymous exact, Pss rounded per entry */
			if (i < 2)
				ok &= sum[i] == roll[i];
			else
				ok &= roll[i] >= sum[i] &&
				      roll[i] <= sum[i] + nvma;
		}
	}
	for (i = 0; i < ARRAY_SIZE(fields); i++)
		tst_res(ok ? TPASS : TFAIL, "%s: smaps_rollup %s %ld kB, sum "
			"of %d smaps entries %ld kB (%s)", who, fields[i],
			roll[i], nvma, sum[i], i < 2 ? "equal" :
			"each entry rounded down");
}

static void run(void)
{
	const unsigned int a_three[4] = {0, COW_PAGES, 0, A_PAGES - COW_PAGES};
	const unsigned int a_shared[4] = {0, 0, COW_PAGES,
					  A_PAGES - COW_PAGES};
	const unsigned int a_two[4] = {0, COW_PAGES, A_PAGES - COW_PAGES, 0};
	const unsigned int s_three[4] = {0, 0, 0, S_PAGES};
	const unsigned int s_two[4] = {0, 0, S_PAGES, 0};
	const unsigned int a_own[4] = {0, A_PAGES, 0, 0};
	const unsigned int s_own[4] = {0, S_PAGES, 0, 0};
	pid_t c1, c2, self = getpid();
	long kb = pg / 1024;

	anon = SAFE_MMAP(NULL, A_PAGES * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	vm_no_thp(anon, A_PAGES * pg);
	shm = SAFE_MMAP(NULL, S_PAGES * pg, PROT_READ | PROT_WRITE,
			MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	memset(anon, 'a', A_PAGES * pg);
	memset(shm, 's', S_PAGES * pg);

	start_child(&kids[0], 1);
	start_child(&kids[1], 0);
	c1 = kids[0].pid;
	c2 = kids[1].pid;

	expect_kb(c1, "child 1 (3 mappers)", anon, "A", "Rss", A_PAGES * kb);
	expect_kb(c1, "child 1 (3 mappers)", anon, "A", "Anonymous",
		  A_PAGES * kb);
	expect_kb(c1, "child 1 (3 mappers)", anon, "A", "Private_Dirty",
		  COW_PAGES * kb);
	expect_kb(c1, "child 1 (3 mappers)", anon, "A", "Shared_Dirty",
		  (A_PAGES - COW_PAGES) * kb);
	expect_kb(c1, "child 1 (3 mappers)", anon, "A", "Pss",
		  pss_kb(a_three));
	expect_kb(c1, "child 1 (3 mappers)", shm, "S", "Rss", S_PAGES * kb);
	expect_kb(c1, "child 1 (3 mappers)", shm, "S", "Shared_Dirty",
		  S_PAGES * kb);
	expect_kb(c1, "child 1 (3 mappers)", shm, "S", "Private_Dirty", 0);
	expect_kb(c1, "child 1 (3 mappers)", shm, "S", "Anonymous", 0);
	expect_kb(c1, "child 1 (3 mappers)", shm, "S", "Pss",
		  pss_kb(s_three));
	expect_kb(c1, "child 1 (3 mappers)", shm, "S", "Locked",
		  pss_kb(s_three));
	expect_kb(c2, "child 2 (3 mappers)", anon, "A", "Shared_Dirty",
		  A_PAGES * kb);
	expect_kb(c2, "child 2 (3 mappers)", anon, "A", "Pss",
		  pss_kb(a_shared));
	expect_kb(c2, "child 2 (3 mappers)", shm, "S", "Locked", 0);
	expect_kb(self, "parent (3 mappers)", anon, "A", "Pss",
		  pss_kb(a_shared));
	check_rollup(c1, "child 1");
	check_rollup(c2, "child 2");

	stop_child(&kids[1]);
	expect_kb(c1, "child 1 (2 mappers)", anon, "A", "Pss", pss_kb(a_two));
	expect_kb(c1, "child 1 (2 mappers)", anon, "A", "Shared_Dirty",
		  (A_PAGES - COW_PAGES) * kb);
	expect_kb(c1, "child 1 (2 mappers)", shm, "S", "Pss", pss_kb(s_two));
	expect_kb(c1, "child 1 (2 mappers)", shm, "S", "Locked",
		  pss_kb(s_two));
	expect_kb(self, "parent (2 mappers)", anon, "A", "Private_Dirty",
		  COW_PAGES * kb);
	expect_kb(self, "parent (2 mappers)", anon, "A", "Pss", pss_kb(a_two));
	check_rollup(c1, "child 1, the other child gone");

	stop_child(&kids[0]);
	expect_kb(self, "parent alone", anon, "A", "Private_Dirty",
		  A_PAGES * kb);
	expect_kb(self, "parent alone", anon, "A", "Shared_Dirty", 0);
	expect_kb(self, "parent alone", anon, "A", "Pss", pss_kb(a_own));
	expect_kb(self, "parent alone", shm, "S", "Pss", pss_kb(s_own));
	expect_kb(self, "parent alone", shm, "S", "Private_Dirty",
		  S_PAGES * kb);

	TST_EXP_EXPR(all_bytes(anon, A_PAGES * pg, 'a') &&
		     all_bytes(shm, S_PAGES * pg, 's'),
		     "the parent's data untouched by the children's copies");
	SAFE_MUNMAP(anon, A_PAGES * pg);
	SAFE_MUNMAP(shm, S_PAGES * pg);
}

static void setup(void)
{
	pg = vm_page_size();
}

static void cleanup(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		if (kids[i].pid > 0) {
			SAFE_KILL(kids[i].pid, SIGKILL);
			SAFE_WAITPID(kids[i].pid, NULL, 0);
		}
	}
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
	.needs_root = 1,
};
