// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * /proc/PID/clear_refs types 1, 2, 3 and 5, read back from smaps and
 * status (type 4, soft-dirty, is softdirty01's):
 *  - 32 anonymous pages (A) and 32 pages of a file mapped shared (F),
 *    all accessed: Referenced 128 kB in each; "2" (anonymous only) makes
 *    A's Referenced 0 and leaves F's at 128; "3" (file-backed only) makes
 *    F's 0 and leaves A's; "1" clears both. Rss stays 128 kB in each
 *    (clearing the accessed bits unmaps nothing) and the data are intact;
 *  - after "1" exactly the pages touched again count: 8 of A and 5 of F
 *    give 32 and 20 kB;
 *  - the same through another process's /proc/PID/clear_refs: a child's
 *    accessed pages read Referenced 0 in its smaps after the parent
 *    writes "1" to the child's file;
 *  - "5": after 16 MiB were touched and unmapped VmHWM is at least
 *    16 MiB above VmRSS; after the write VmHWM equals VmRSS.
 * Would catch: a type clearing the other kind of mapping, or none, the
 * accessed bits not cleared (or pages unmapped), the peak RSS not reset.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"

#define NPAGES 32
#define HWM_SIZE (16 * 1024 * 1024)
#define FNAME "clear_refs_file"

static size_t pg;
static long kb;
static char *anon, *fmap;
static int fd = -1;

/*
 * clear_refs 1-3 clear the accessed bits without a TLB flush (only type
 * 4 flushes), and x86 sets an accessed bit only when it walks the page
 * table: a touch right after can hit a cached translation and leave the
 * bit clear (6.1 with two NUMA nodes: 6 of 32 pages re-touched read
 * referenced). Unmapping a populated scratch mapping larger than x86's
 * single-page flush ceiling (33 pages) flushes this mm's whole TLB.
 */
static void flush_own_tlb(void)
{
	size_t len = 64 * pg;
	char *p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	memset(p, 1, len);
	SAFE_MUNMAP(p, len);
}

static void write_clear_refs(pid_t pid, const char *val)
{
	char path[64];
	int cfd;

	snprintf(path, sizeof(path), "/proc/%d/clear_refs", (int)pid);
	cfd = SAFE_OPEN(path, O_WRONLY);
	SAFE_WRITE(1, cfd, val, strlen(val));
	SAFE_CLOSE(cfd);
	/* not after 5: the scratch mapping would raise the reset VmHWM */
	if (pid == getpid() && strcmp(val, "5"))
		flush_own_tlb();
}

static void touch_pages(char *p, int n)
{
	int i;

	for (i = 0; i < n; i++)
		(void)*(volatile char *)(p + i * pg);
}

static void expect_ref(void *addr, const char *name, long want,
		       const char *after)
{
	long ref = smaps_kb(addr, "Referenced");
	long rss = smaps_kb(addr, "Rss");

	TST_EXP_EXPR(ref == want && rss == NPAGES * kb,
		     "%s: %s Referenced %ld kB (want %ld), Rss %ld kB "
		     "(want %ld)", after, name, ref, want, rss, NPAGES * kb);
}

static void test_types(void)
{
	pid_t self = getpid();

	touch_pages(anon, NPAGES);
	touch_pages(fmap, NPAGES);
	expect_ref(anon, "A", NPAGES * kb, "all accessed");
	expect_ref(fmap, "F", NPAGES * kb, "all accessed");

	write_clear_refs(self, "2");
	expect_ref(anon, "A", 0, "clear_refs 2");
	expect_ref(fmap, "F", NPAGES * kb, "clear_refs 2");

	touch_pages(anon, NPAGES);
	write_clear_refs(self, "3");
	expect_ref(anon, "A", NPAGES * kb, "A accessed, clear_refs 3");
	expect_ref(fmap, "F", 0, "A accessed, clear_refs 3");

	touch_pages(fmap, NPAGES);
	write_clear_refs(self, "1");
	expect_ref(anon, "A", 0, "F accessed, clear_refs 1");
	expect_ref(fmap, "F", 0, "F accessed, clear_refs 1");

	touch_pages(anon + 4 * pg, 8);
	touch_pages(fmap + 20 * pg, 5);
	expect_ref(anon, "A", 8 * kb, "8 pages accessed after clear_refs 1");
	expect_ref(fmap, "F", 5 * kb, "5 pages accessed after clear_refs 1");

	TST_EXP_EXPR(anon[0] == 'a' && anon[NPAGES * pg - 1] == 'a' &&
		     fmap[0] == 'f' && fmap[NPAGES * pg - 1] == 'f',
		     "data intact after clearing the accessed bits");
}

static void test_other_process(void)
{
	int ready[2], go[2];
	char b = 'r';
	long ref;
	pid_t pid;

	SAFE_PIPE(ready);
	SAFE_PIPE(go);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(ready[0]);
		SAFE_CLOSE(go[1]);
		/* mlock() is not inherited; lock again against aging */
		vm_mlock(anon, NPAGES * pg);
		touch_pages(anon, NPAGES);
		SAFE_WRITE(1, ready[1], &b, 1);
		if (read(go[0], &b, 1) != 0)
			exit(1);
		exit(0);
	}
	SAFE_CLOSE(ready[1]);
	SAFE_CLOSE(go[0]);
	SAFE_READ(1, ready[0], &b, 1);
	ref = proc_smaps_kb(pid, "smaps", anon, "Referenced", NULL);
	TST_EXP_EXPR(ref == NPAGES * kb, "child's A after its reads: "
		     "Referenced %ld kB (want %ld)", ref, NPAGES * kb);
	write_clear_refs(pid, "1");
	ref = proc_smaps_kb(pid, "smaps", anon, "Referenced", NULL);
	TST_EXP_EXPR(ref == 0, "child's A after the parent wrote 1 to its "
		     "clear_refs: Referenced %ld kB (want 0)", ref);
	SAFE_CLOSE(go[1]);
	SAFE_CLOSE(ready[0]);
	reap_child(pid);
}

/* VmHWM and VmRSS from one read of status: one snapshot of both. */
static void read_hwm_rss(long *hwm, long *rss)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	*hwm = *rss = -1;
	while (fgets(line, sizeof(line), f)) {
		sscanf(line, "VmHWM: %ld", hwm);
		sscanf(line, "VmRSS: %ld", rss);
	}
	fclose(f);
}

static void test_hiwater(void)
{
	char *big = SAFE_MMAP(NULL, HWM_SIZE, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long hwm, rss;

	memset(big, 1, HWM_SIZE);
	SAFE_MUNMAP(big, HWM_SIZE);
	hwm = status_kb("VmHWM");
	rss = status_kb("VmRSS");
	/* per-task RSS counters may lag by a few hundred kB */
	TST_EXP_EXPR(hwm >= rss + HWM_SIZE / 1024 - 1024,
		     "16 MiB touched and unmapped: VmHWM %ld kB, VmRSS %ld kB",
		     hwm, rss);

	write_clear_refs(getpid(), "5");
	read_hwm_rss(&hwm, &rss);
	TST_EXP_EXPR(hwm >= 0 && hwm == rss,
		     "clear_refs 5: VmHWM %ld kB equals VmRSS %ld kB", hwm,
		     rss);
}

static void run(void)
{
	test_types();
	test_other_process();
	test_hiwater();
}

static void setup(void)
{
	char *buf;

	pg = vm_page_size();
	kb = pg / 1024;
	buf = SAFE_MALLOC(NPAGES * pg);
	memset(buf, 'f', NPAGES * pg);
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, buf, NPAGES * pg);
	free(buf);
	fmap = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ, MAP_SHARED, fd, 0);
	anon = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	vm_no_thp(anon, NPAGES * pg);
	memset(anon, 'a', NPAGES * pg);
	/*
	 * Locked pages are never aged by reclaim (nor by the multi-gen LRU
	 * page table walk): only this test clears their accessed bits.
	 */
	vm_mlock(anon, NPAGES * pg);
	vm_mlock(fmap, NPAGES * pg);
}

static void cleanup(void)
{
	if (fmap)
		SAFE_MUNMAP(fmap, NPAGES * pg);
	if (anon)
		SAFE_MUNMAP(anon, NPAGES * pg);
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
