// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vm sysctls with an effect the test reads back (values saved and
 * restored):
 *  - vm.max_map_count N: a process can grow to N + 1 mappings by mmap()
 *    (the check is map_count > N before adding one), the next mmap()
 *    fails with ENOMEM; at the limit, an mprotect() or munmap() that
 *    would split a mapping fails with ENOMEM (munmap can fail!), and so
 *    does mremap(MREMAP_FIXED) (checked before it unmaps the target),
 *    while unmapping whole mappings succeeds; below it again, a split
 *    works (mm/mmap.c, mm/mremap.c);
 *  - vm.drop_caches 1: the clean, unmapped page cache of a file is
 *    dropped (mincore() 0 pages resident after all of them) and
 *    drop_pagecache in /proc/vmstat grows; 0 and 5
 *    are refused with EINVAL;
 *  - vm.min_free_kbytes: the zones' min watermarks in /proc/zoneinfo
 *    (less any boost) add up to min_free_kbytes in pages, less at most
 *    one page per zone of rounding, for two values; -1 is EINVAL.
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "cpu_pin.h"
#include "vm_helpers.h"

#define VM "/proc/sys/vm/"
#define MAXMAP 1000

/* Mappings of this process: lines of /proc/self/maps but the gate vma. */
static int map_count(void)
{
	char buf[4096];
	int fd = SAFE_OPEN("/proc/self/maps", O_RDONLY), n = 0, i;
	ssize_t len;

	while ((len = read(fd, buf, sizeof(buf))) > 0)
		for (i = 0; i < len; i++)
			n += buf[i] == '\n';
	SAFE_CLOSE(fd);
	return n;
}

static void maps_child(void)
{
	size_t page = getpagesize();
	char *last[3] = {NULL}, *p, *three;
	int n, gate = 0, err;
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];

	while (f && fgets(line, sizeof(line), f))
		gate += strstr(line, "[vsyscall]") != NULL;
	if (f)
		fclose(f);

	/* a 3-page mapping to split later, then fill up with 1-page ones */
	three = SAFE_MMAP(NULL, 3 * page, PROT_READ,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (n = 0;; n++) {
		/* alternate protections: neighbours never merge */
		p = mmap(NULL, page, n % 2 ? PROT_READ : PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			break;
		last[n % 3] = p;
		if (n > 10 * MAXMAP)
			tst_brk(TBROK, "max_map_count not enforced");
	}
	err = errno;
	TST_EXP_EXPR(err == ENOMEM, "mmap past the limit: ENOMEM (%s)",
		     tst_strerrno(err));
	TST_EXP_EQ_LI(map_count() - gate, MAXMAP + 1);

	TST_EXP_FAIL(mprotect(three + page, page, PROT_NONE), ENOMEM,
		     "mprotect splitting a mapping at the limit");
	TST_EXP_FAIL(munmap(three + page, page), ENOMEM,
		     "munmap splitting a mapping at the limit");
	/* refused before the target is unmapped */
	p = mremap(three, 3 * page, page, MREMAP_MAYMOVE | MREMAP_FIXED,
		   last[0]);
	err = p == MAP_FAILED ? errno : 0;
	TST_EXP_EXPR(err == ENOMEM, "mremap(MREMAP_FIXED) at the limit: "
		     "ENOMEM (%s)", tst_strerrno(err));
	TST_EXP_PASS(munmap(last[0], page), "munmap of a whole mapping");
	TST_EXP_PASS(munmap(last[1], page), "munmap of a whole mapping");
	TST_EXP_PASS(munmap(last[2], page), "munmap of a whole mapping");
	TST_EXP_EQ_LI(map_count() - gate, MAXMAP - 2);
	TST_EXP_PASS(mprotect(three + page, page, PROT_NONE),
		     "mprotect splitting in two places below the limit");
	exit(0);
}

static void max_map(void)
{
	pid_t pid;

	SAFE_FILE_PRINTF(VM "max_map_count", "%d", MAXMAP);
	pid = SAFE_FORK();
	if (!pid)
		maps_child();
	reap_child(pid);
}

static void drop(void)
{
	size_t len = 4 << 20, page = getpagesize();
	long pc;
	char *buf = SAFE_MALLOC(len), *m;
	cpu_set_t all;
	int fd, err;

	/*
	 * A new page cache folio waits in the per-CPU lru_add batch of the
	 * CPU that added it, holding a reference, until that CPU drains it,
	 * and drop_caches skips referenced folios without draining other
	 * CPUs ("likely on the pagevec of a remote CPU", truncate.c): 5 of
	 * 1024 pages stayed. Pinned, the task adds every folio on one CPU,
	 * and the munmap() below drains that CPU's batch (unmap_region()).
	 */
	if (sched_getaffinity(0, sizeof(all), &all))
		tst_brk(TBROK | TERRNO, "sched_getaffinity()");
	pin_to_current_cpu();
	memset(buf, 'x', len);
	fd = SAFE_OPEN("cached", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, buf, len);
	SAFE_FSYNC(fd);
	SAFE_PREAD(1, fd, buf, len, 0);
	m = SAFE_MMAP(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
	tst_res(TINFO, "%zu of %zu pages of the file cached before",
		resident_pages(m, len), len / page);
	SAFE_MUNMAP(m, len);

	pc = tst_read_vmstat("drop_pagecache");
	SAFE_FILE_PRINTF(VM "drop_caches", "1");
	TST_EXP_EQ_LI(tst_read_vmstat("drop_pagecache"), pc + 1);
	/* mincore() of a new mapping does not fault pages in */
	m = SAFE_MMAP(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
	TST_EXP_EQ_LU(resident_pages(m, len), 0);
	SAFE_MUNMAP(m, len);
	SAFE_CLOSE(fd);
	if (sched_setaffinity(0, sizeof(all), &all))
		tst_brk(TBROK | TERRNO, "sched_setaffinity(back)");

	/*
	 * Not 2 (slab): drop_slab_node() walks every memory cgroup, dying
	 * ones included, with no cond_resched() between them, and late in
	 * a default scenario run under TCG that walk reported a soft lockup
	 * (CPU stuck for 22 s) and outlasted the test's timeout.
	 */

	fd = SAFE_OPEN(VM "drop_caches", O_WRONLY);
	err = write(fd, "0", 1) < 0 ? errno : 0;
	TST_EXP_EXPR(err == EINVAL, "drop_caches 0: EINVAL (%s)",
		     tst_strerrno(err));
	err = write(fd, "5", 1) < 0 ? errno : 0;
	TST_EXP_EXPR(err == EINVAL, "drop_caches 5: EINVAL (%s)",
		     tst_strerrno(err));
	SAFE_CLOSE(fd);
	free(buf);
}

/*
 * Sum over the zones that share min_free_kbytes of min - boost, and their
 * number. HighMem and Movable zones get a floor of their own instead
 * (clamp(managed / 1024, SWAP_CLUSTER_MAX, 128) pages in
 * __setup_per_zone_wmarks()), even when empty: 6.12's zoneinfo shows an
 * empty Movable zone with min 32.
 */
static long zone_min(int *zones)
{
	char line[256], key[64], name[32];
	long val, boost = 0, sum = 0;
	int own_floor = 0;
	FILE *f = fopen("/proc/zoneinfo", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/zoneinfo)");
	*zones = 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "Node %*d, zone %31s", name) == 1) {
			own_floor = !strcmp(name, "Movable") ||
				    !strcmp(name, "HighMem");
			continue;
		}
		if (own_floor || sscanf(line, " %63s %ld", key, &val) != 2)
			continue;
		if (!strcmp(key, "boost")) {
			boost = val;
		} else if (!strcmp(key, "min")) {
			sum += val - boost;
			boost = 0;
			(*zones)++;
		}
	}
	fclose(f);
	return sum;
}

static void min_free(void)
{
	long orig, pages, sum, val;
	int zones, i, err, fd;

	if (!tst_file_read_long(VM "min_free_kbytes", &orig))
		tst_brk(TBROK, "cannot read min_free_kbytes");
	for (i = 0; i < 2; i++) {
		val = orig + (i + 1) * 4096;
		SAFE_FILE_PRINTF(VM "min_free_kbytes", "%ld", val);
		pages = val / (getpagesize() / 1024);
		sum = zone_min(&zones);
		TST_EXP_EXPR(sum <= pages && sum >= pages - zones,
			     "min_free_kbytes %ld: zone min watermarks add up "
			     "to %ld pages (%ld expected, %d zones)", val, sum,
			     pages, zones);
	}
	fd = SAFE_OPEN(VM "min_free_kbytes", O_WRONLY);
	err = write(fd, "-1", 2) < 0 ? errno : 0;
	TST_EXP_EXPR(err == EINVAL, "min_free_kbytes -1: EINVAL (%s)",
		     tst_strerrno(err));
	SAFE_CLOSE(fd);
}

static void run(void)
{
	max_map();
	drop();
	min_free();
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{VM "max_map_count", NULL, 0},
		{VM "min_free_kbytes", NULL, 0},
		{NULL, NULL, 0}
	},
};
