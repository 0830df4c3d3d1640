// SPDX-License-Identifier: GPL-2.0-or-later
/* Reserving huge pages for a test and giving them back after it. */
#include <stdio.h>
#include "tst_lib.h"

#define NR_HUGEPAGES "/proc/sys/vm/nr_hugepages"

unsigned long tst_hugepages;
static long old_nr = -1;

void tst_hugepages_reserve(struct tst_test *t)
{
	unsigned long want = t->hugepages.number;
	long now;

	if (access(NR_HUGEPAGES, F_OK))
		tst_brk(TCONF, "kernel has no hugetlb support (%s missing)",
			NR_HUGEPAGES);
	if (!tst_file_read_long(NR_HUGEPAGES, &old_nr))
		tst_brk(TBROK, "cannot read %s", NR_HUGEPAGES);
	/* Free page cache and compact so the huge pages can be found. */
	sync();
	tst_file_read_long(NR_HUGEPAGES, &now);
	SAFE_FILE_PRINTF("/proc/sys/vm/drop_caches", "3");
	if (!access("/proc/sys/vm/compact_memory", F_OK))
		SAFE_FILE_PRINTF("/proc/sys/vm/compact_memory", "1");
	SAFE_FILE_PRINTF(NR_HUGEPAGES, "%lu", want);
	tst_file_read_long(NR_HUGEPAGES, &now);
	tst_hugepages = now;
	if (t->hugepages.policy == TST_NEEDS && (unsigned long)now < want)
		tst_brk(TCONF, "only %ld of %lu huge pages could be reserved",
			now, want);
	tst_res(TINFO, "%lu huge page(s) reserved (%s was %ld)",
		tst_hugepages, NR_HUGEPAGES, old_nr);
}

void tst_hugepages_restore(void)
{
	if (old_nr < 0)
		return;
	if (!access(NR_HUGEPAGES, W_OK))
		SAFE_FILE_PRINTF(NR_HUGEPAGES, "%ld", old_nr);
	old_nr = -1;
}
