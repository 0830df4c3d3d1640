// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * How /proc accounts hugetlb mappings, pool of 4 default-size pages and no
 * overcommit, HugePages_Free/Rsvd read back at every step
 * (fs/proc/task_mmu.c smaps_hugetlb_range(), gather_hugetlb_stats(),
 * hugetlb_report_usage()):
 *  1. smaps of a private MAP_HUGETLB mapping: KernelPageSize and
 *     MMUPageSize are the huge page size, the "ht" flag is set; a written
 *     page is Private_Hugetlb, never Rss; /proc/self/status HugetlbPages
 *     grows by one huge page per faulted page; numa_maps says "huge",
 *     anon=1 and one page over the N<node>= fields (counted in huge
 *     pages, not base pages);
 *  2. after fork() the page mapped in both processes is Shared_Hugetlb in
 *     both (mapcount 2), the child's HugetlbPages counts it too and
 *     numa_maps says mapmax=2; once the child has written its copy, each
 *     side's page is Private_Hugetlb again (one more page used);
 *  3. a MAP_SHARED mapping of a hugetlbfs file mapped once is
 *     Private_Hugetlb (the split is by mapcount, not by mapping type);
 *     mapping it a second time makes both mappings Shared_Hugetlb and
 *     doubles HugetlbPages (one count per mapped page table entry);
 *     MADV_DONTNEED of one mapping takes its count away while the pages
 *     stay in the file;
 *  4. /proc/meminfo Hugetlb is the pools' pages times their size.
 */

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL 4

static long hkb;	/* huge page size in kB */

/* The numa_maps line of the mapping at addr, without the address. */
static void numa_line(void *addr, char *buf, size_t len)
{
	char line[1024], want[32];
	FILE *f = fopen("/proc/self/numa_maps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/numa_maps)");
	snprintf(want, sizeof(want), "%lx ", (unsigned long)addr);
	buf[0] = 0;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, want, strlen(want))) {
			snprintf(buf, len, "%s", line + strlen(want));
			break;
		}
	}
	fclose(f);
	if (!buf[0])
		tst_brk(TBROK, "no numa_maps line for %p", addr);
}

/* Value of " key=N" in a numa_maps line (-1 when absent); N<node> summed. */
static long numa_val(const char *line, const char *key)
{
	const char *s = line;
	long sum = -1;

	while ((s = strchr(s, ' '))) {
		s++;
		if (!strcmp(key, "N") && s[0] == 'N' && s[1] >= '0' &&
		    s[1] <= '9') {
			sum = (sum < 0 ? 0 : sum) + atol(strchr(s, '=') + 1);
		} else if (!strncmp(s, key, strlen(key)) &&
			   s[strlen(key)] == '=') {
			return atol(s + strlen(key) + 1);
		}
	}
	return sum;
}

static int smaps_is(void *p, long priv, long shared)
{
	long pv = smaps_kb(p, "Private_Hugetlb");
	long sh = smaps_kb(p, "Shared_Hugetlb");

	if (pv == priv && sh == shared)
		return 1;
	tst_res(TINFO, "smaps of %p: Private_Hugetlb %ld kB, Shared_Hugetlb "
		"%ld kB (expected %ld, %ld)", p, pv, sh, priv, shared);
	return 0;
}

static void private_mapping(void)
{
	long h0 = status_kb("HugetlbPages");
	char line[1024], *p;
	pid_t pid;

	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	TST_EXP_EXPR(smaps_kb(p, "KernelPageSize") == hkb &&
		     smaps_kb(p, "MMUPageSize") == hkb && smaps_flag(p, "ht"),
		     "smaps: KernelPageSize %ld kB, MMUPageSize %ld kB, ht %d",
		     smaps_kb(p, "KernelPageSize"), smaps_kb(p, "MMUPageSize"),
		     smaps_flag(p, "ht"));
	TST_EXP_EXPR(smaps_is(p, 0, 0), "unfaulted: no hugetlb memory in "
		     "smaps");
	p[0] = 1;
	TST_EXP_EXPR(smaps_is(p, hkb, 0) && smaps_kb(p, "Rss") == 0,
		     "one page written: Private_Hugetlb, Rss %ld kB",
		     smaps_kb(p, "Rss"));
	TST_EXP_EQ_LI(status_kb("HugetlbPages") - h0, hkb);
	numa_line(p, line, sizeof(line));
	TST_EXP_EXPR(strstr(line, " huge ") && numa_val(line, "anon") == 1 &&
		     numa_val(line, "N") == 1, "numa_maps: huge, anon=%ld, "
		     "%ld page(s) over the nodes", numa_val(line, "anon"),
		     numa_val(line, "N"));
	htl_expect("one of 2 private pages written", 1, 1);

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_EXPR(smaps_is(p, 0, hkb), "child after fork(): the "
			     "page is Shared_Hugetlb");
		TST_EXP_EQ_LI(status_kb("HugetlbPages"), hkb);
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		p[1] = 2;
		TST_EXP_EXPR(smaps_is(p, hkb, 0), "child after its write: "
			     "Private_Hugetlb");
		htl_expect("the child's copy", 2, 1);
		TST_CHECKPOINT_WAKE(1);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_EXPR(smaps_is(p, 0, hkb), "parent with the child: the page "
		     "is Shared_Hugetlb");
	numa_line(p, line, sizeof(line));
	TST_EXP_EQ_LI(numa_val(line, "mapmax"), 2);
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);
	TST_EXP_EXPR(smaps_is(p, hkb, 0), "parent after the child's write: "
		     "Private_Hugetlb");
	reap_child(pid);
	SAFE_MUNMAP(p, 2 * hp);
	TST_EXP_EQ_LI(status_kb("HugetlbPages"), h0);
	htl_expect("unmapped", 0, 0);
}

static void shared_mapping(void)
{
	long h0 = status_kb("HugetlbPages");
	int fd = htl_file();
	char *a, *b;

	SAFE_FTRUNCATE(fd, 2 * hp);
	a = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	a[0] = 1;
	a[hp] = 2;
	TST_EXP_EXPR(smaps_is(a, 2 * hkb, 0), "a shared mapping mapped once "
		     "is Private_Hugetlb");
	TST_EXP_EQ_LI(status_kb("HugetlbPages") - h0, 2 * hkb);
	b = SAFE_MMAP(NULL, 2 * hp, PROT_READ, MAP_SHARED, fd, 0);
	TST_EXP_EXPR(b[0] == 1 && b[hp] == 2, "the second mapping reads the "
		     "pages");
	TST_EXP_EXPR(smaps_is(a, 0, 2 * hkb) && smaps_is(b, 0, 2 * hkb),
		     "mapped twice: both mappings Shared_Hugetlb");
	TST_EXP_EQ_LI(status_kb("HugetlbPages") - h0, 4 * hkb);
	htl_expect("2 file pages", 2, 0);
	TST_EXP_PASS(madvise(b, 2 * hp, MADV_DONTNEED),
		     "MADV_DONTNEED of the second mapping");
	TST_EXP_EXPR(smaps_is(a, 2 * hkb, 0) && smaps_is(b, 0, 0),
		     "after MADV_DONTNEED: the first mapping Private_Hugetlb, "
		     "the second none");
	TST_EXP_EQ_LI(status_kb("HugetlbPages") - h0, 2 * hkb);
	htl_expect("the pages stay in the file", 2, 0);
	SAFE_MUNMAP(a, 2 * hp);
	SAFE_MUNMAP(b, 2 * hp);
	SAFE_CLOSE(fd);
	TST_EXP_EQ_LI(status_kb("HugetlbPages"), h0);
	htl_expect("closed", 0, 0);
}

/* The pools of every huge page size, in kB (/sys/kernel/mm/hugepages). */
static long pools_kb(void)
{
	static const long sizes[] = {64, 2048, 32768, 524288, 1048576,
				     16777216};
	char path[96];
	unsigned int i;
	long total = 0, n;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		snprintf(path, sizeof(path), "/sys/kernel/mm/hugepages/"
			 "hugepages-%ldkB/nr_hugepages", sizes[i]);
		if (access(path, F_OK))
			continue;
		SAFE_FILE_SCANF(path, "%ld", &n);
		total += n * sizes[i];
	}
	return total;
}

static void run(void)
{
	private_mapping();
	shared_mapping();
	TST_EXP_EQ_LI(tst_read_meminfo("Hugetlb:"), pools_kb());
}

static void setup(void)
{
	htl_setup(POOL, 1);
	hkb = hp / 1024;
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	HTL_TEST_FIELDS(POOL),
};
