// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Mappings split and merged by mremap() and mprotect() keep their data
 * and their file offsets, read back through the pages and
 * /proc/self/maps:
 * - four pages of a MAP_SHARED file (page i holds '0' + i) mapped, page 1
 *   moved (MREMAP_FIXED) over page 3 and back: pages 0-2 show the file's
 *   pages 0-2, and with all three compatible they are one mapping again
 *   with offset 0; also with page 0 or page 2 made read-only while page 1
 *   was away (the vma_merge() case 3 of 7e7757876f25 computed the
 *   offset of the merged mapping wrongly and showed the wrong page);
 * - five pages of a MAP_SHARED PROT_READ file mapping: mprotect() of
 *   page 1 to PROT_EXEC and page 3 to PROT_WRITE splits it into five
 *   mappings; mprotect() of pages 1-4 back to PROT_READ succeeds (it
 *   failed before 2fcd07b7ccd5) and the whole range is one r--s mapping
 *   again.
 * Syscalls: mremap, mprotect
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"

static long pg;
static int fd;

/* Mappings (maps lines) within [start, end); the first's offset. */
static int count_maps(char *start, char *end, unsigned long *first_off,
		      char perms[5])
{
	FILE *f = fopen("/proc/self/maps", "r");
	unsigned long s, e, off;
	char line[512], p[5];
	int n = 0;

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/maps)");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %4s %lx", &s, &e, p, &off) != 4)
			continue;
		if (s >= (unsigned long)end || e <= (unsigned long)start)
			continue;
		if (!n++) {
			if (first_off)
				*first_off = off;
			if (perms)
				strcpy(perms, p);
		}
	}
	fclose(f);
	return n;
}

static void move_back(int incompatible)
{
	char *buf, *moved;
	unsigned long off = 1;
	int i, bad = 0;

	buf = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			0);
	moved = mremap(buf + pg, pg, pg, MREMAP_MAYMOVE | MREMAP_FIXED,
		       buf + 3 * pg);
	if (moved != buf + 3 * pg)
		tst_brk(TBROK | TERRNO, "mremap(page 1 -> page 3)");
	if (incompatible)
		SAFE_MPROTECT(buf + (incompatible - 1) * pg, pg, PROT_READ);
	moved = mremap(buf + 3 * pg, pg, pg, MREMAP_MAYMOVE | MREMAP_FIXED,
		       buf + pg);
	if (moved != buf + pg)
		tst_brk(TBROK | TERRNO, "mremap(back to page 1)");
	for (i = 0; i < 3; i++) {
		if (buf[i * pg] != '0' + i) {
			tst_res(TFAIL, "page %d shows '%c', not '%c'", i,
				buf[i * pg], '0' + i);
			bad = 1;
		}
	}
	if (!bad)
		tst_res(TPASS, "moved back%s: pages 0-2 show file pages 0-2",
			incompatible == 1 ? " (page 0 read-only)" :
			incompatible == 3 ? " (page 2 read-only)" : "");
	if (!incompatible) {
		TST_EXP_EQ_LI(count_maps(buf, buf + 3 * pg, &off, NULL), 1);
		TST_EXP_EQ_LU(off, 0);
	}
	SAFE_MUNMAP(buf, 3 * pg);
}

static void mremap_merge(void)
{
	move_back(0);
	move_back(3);
	move_back(1);
}

static void mprotect_merge(void)
{
	char perms[5] = "";
	char *p;

	p = SAFE_MMAP(NULL, 5 * pg, PROT_READ, MAP_SHARED, fd, 0);
	TST_EXP_EQ_LI(count_maps(p, p + 5 * pg, NULL, NULL), 1);
	TST_EXP_PASS(mprotect(p + pg, pg, PROT_EXEC), "mprotect(page 1, "
		     "PROT_EXEC)");
	TST_EXP_PASS(mprotect(p + 3 * pg, pg, PROT_WRITE), "mprotect(page 3, "
		     "PROT_WRITE)");
	TST_EXP_EQ_LI(count_maps(p, p + 5 * pg, NULL, NULL), 5);
	TST_EXP_PASS(mprotect(p + pg, 4 * pg, PROT_READ), "mprotect(pages "
		     "1-4, PROT_READ)");
	TST_EXP_EQ_LI(count_maps(p, p + 5 * pg, NULL, perms), 1);
	TST_EXP_EXPR(!strcmp(perms, "r--s"), "merged mapping is %s", perms);
	TST_EXP_EXPR(p[0] == '0' && p[pg] == '1' && p[4 * pg] == '4',
		     "pages 0, 1 and 4 show their file pages");
	SAFE_MUNMAP(p, 5 * pg);
}

static void (*const cases[])(void) = {
	mremap_merge,
	mprotect_merge,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	char *buf;
	int i;

	pg = getpagesize();
	buf = SAFE_MALLOC(5 * pg);
	for (i = 0; i < 5; i++)
		memset(buf + i * pg, '0' + i, pg);
	fd = SAFE_OPEN("file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, buf, 5 * pg);
	free(buf);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		/* mm/mremap: fix vm_pgoff in vma_merge() case 3 */
		{"linux-git", "7e7757876f25"},
		/* mm/mprotect: Fix successful vma_merge() of next in
		 * do_mprotect_pkey() */
		{"linux-git", "2fcd07b7ccd5"},
		{}
	},
};
