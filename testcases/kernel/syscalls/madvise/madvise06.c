// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MADV_WILLNEED on swapped-out memory reads it back ahead of use, so that
 * touching it afterwards takes no major fault (55231e5c898c: WILLNEED did
 * nothing for shmem pages in swap; 66383800df9c: the 5.9 rework of the
 * shmem walk).
 *
 * On a swap file of its own (swapon with the highest priority, swapoff
 * after), a child in a cgroup v2 memory group maps 8 MiB of shared
 * anonymous memory (shmem) and 8 MiB of private anonymous memory, fills
 * them, and for each:
 *  - memory.reclaim pushes it out: memory.swap.current grows and
 *    mincore() shows at most a quarter of it resident (TBROK if reclaim
 *    cannot, the numbers printed);
 *  - after madvise(MADV_WILLNEED) every page becomes resident (in the
 *    swap cache) without being touched: mincore(), polled for at most
 *    10 s times LTP_TIMEOUT_MUL;
 *  - reading every page then adds no major fault (getrusage() ru_majflt
 *    and /proc/self/stat majflt) and the data are intact.
 * madvise(MADV_WILLNEED) on an unmapped range is ENOMEM.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/swap.h>
#include "tst_test.h"
#include "swapfile.h"
#include "cgroup2.h"
#include "vm_helpers.h"

#define MB (1024 * 1024)
#define SIZE (8 * MB)
#define SWAP_MB 48

static char swapfile[PATH_MAX + 16];
static int swap_on;
static size_t psz;

static size_t resident(void *addr)
{
	static unsigned char vec[SIZE / 4096];
	size_t i, n = SIZE / psz, r = 0;

	if (mincore(addr, SIZE, vec))
		tst_brk(TBROK | TERRNO, "mincore");
	for (i = 0; i < n; i++)
		r += vec[i] & 1;
	return r;
}

static long majflt_rusage(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru))
		tst_brk(TBROK | TERRNO, "getrusage");
	return ru.ru_majflt;
}

/* field 12 of /proc/self/stat */
static long majflt_stat(void)
{
	char buf[1024], *p;
	long v = -1;
	int fd = SAFE_OPEN("/proc/self/stat", O_RDONLY);
	ssize_t n = SAFE_READ(0, fd, buf, sizeof(buf) - 1);

	SAFE_CLOSE(fd);
	buf[n] = 0;
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %ld",
			 &v) != 1)
		tst_brk(TBROK, "cannot parse /proc/self/stat");
	return v;
}

static void one(const char *what, int flags)
{
	char *p = SAFE_MMAP(NULL, SIZE, PROT_READ | PROT_WRITE,
			    flags | MAP_ANONYMOUS, -1, 0);
	size_t n = SIZE / psz, r = 0;
	long long sw0, sw1, deadline;
	long mf_ru, mf_st, bad;
	int i;

	fill_pattern(p, SIZE, 11);
	sw0 = cg_read_num("m", "memory.swap.current");
	for (i = 0; i < 8; i++) {
		cg_write_err("m", "memory.reclaim", "64M");
		r = resident(p);
		if (r <= n / 4)
			break;
	}
	sw1 = cg_read_num("m", "memory.swap.current");
	if (r > n / 4)
		tst_brk(TBROK, "%s: %zu of %zu pages still resident after "
			"memory.reclaim", what, r, n);
	tst_res(TINFO, "%s: %zu of %zu pages resident after memory.reclaim, "
		"memory.swap.current %lld -> %lld", what, r, n, sw0, sw1);
	TST_EXP_EXPR(sw1 - sw0 >= (long long)(SIZE / 2),
		     "%s: memory.swap.current grew by %lld KiB", what,
		     (sw1 - sw0) / 1024);

	TST_EXP_PASS(madvise(p, SIZE, MADV_WILLNEED),
		     "%s: madvise(MADV_WILLNEED)", what);
	deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	while ((r = resident(p)) < n && tst_mono_ms() < deadline)
		usleep(2000);
	TST_EXP_EXPR(r == n, "%s: %zu of %zu pages resident after "
		     "MADV_WILLNEED, none touched", what, r, n);

	mf_ru = majflt_rusage();
	mf_st = majflt_stat();
	bad = check_pattern(p, SIZE, 11);
	mf_ru = majflt_rusage() - mf_ru;
	mf_st = majflt_stat() - mf_st;
	TST_EXP_EXPR(bad < 0, "%s: data intact after swap-in (first bad "
		     "byte %ld)", what, bad);
	TST_EXP_EXPR(!mf_ru && !mf_st, "%s: reading it took %ld major "
		     "faults (ru_majflt), %ld (/proc/self/stat)", what, mf_ru,
		     mf_st);
	SAFE_MUNMAP(p, SIZE);
}

static void run(void)
{
	pid_t pid;
	void *hole;

	if (!swap_on) {
		swapon_first(swapfile);
		swap_on = 1;
	}
	cg_mkdir("m");
	pid = SAFE_FORK();
	if (!pid) {
		cg_enter("m");
		one("shmem", MAP_SHARED);
		one("private anonymous", MAP_PRIVATE);
		exit(0);
	}
	tst_reap_children();
	cg_rmdir("m");

	hole = free_range(SIZE);
	TST_EXP_FAIL(madvise(hole, SIZE, MADV_WILLNEED), ENOMEM,
		     "madvise(MADV_WILLNEED) on an unmapped range");
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};
	char path[PATH_MAX];

	psz = getpagesize();
	if (psz != 4096)
		tst_brk(TCONF, "written for 4 KiB pages, not %zu", psz);
	cg_setup(ctrls, 1);
	cg_path(path, sizeof(path), "", "memory.swap.max");
	if (access(path, F_OK))
		tst_brk(TCONF, "no memory.swap.max (swap accounting off)");
	cg_path(path, sizeof(path), "", "memory.reclaim");
	if (access(path, F_OK))
		tst_brk(TCONF, "no memory.reclaim (Linux 5.19)");
	swap_tmp_on(swapfile, sizeof(swapfile), "swapfile", SWAP_MB);
	swap_on = 1;
}

static void cleanup(void)
{
	cg_cleanup();
	if (swap_on && swapoff(swapfile))
		tst_res(TWARN | TERRNO, "swapoff(%s)", swapfile);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.exclusive = 1,
	.min_mem_avail_mb = 128,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_MEMCG", "CONFIG_SWAP", NULL
	},
	.tags = (const struct tst_tag[]) {
		/* mm: madvise: fix MADV_WILLNEED on shmem swapouts */
		{"linux-git", "55231e5c898c"},
		/* mm: fix madvise WILLNEED performance problem */
		{"linux-git", "66383800df9c"},
		{"linux-git", "8de15e920dc8"},
		{}
	},
};
