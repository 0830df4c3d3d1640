// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 memory protection under reclaim from a sibling:
 * a parent with memory.max 48 MiB (no swap) has three children that each
 * hold 8 MiB of clean page cache (a file each, read in by one of their
 * processes, which then exits): "min" with memory.min 16 MiB, "low" with
 * memory.low 16 MiB, "none" without protection. A process of a fourth
 * child then touches 30 MiB of anonymous memory. Without swap, anonymous
 * memory cannot be reclaimed, so the parent's limit can only be met from
 * the page cache, and 24 + 30 MiB do not fit in 48:
 *  - the process gets its memory and exits 0 (no OOM: "none" has enough);
 *  - "min" and "low" keep their page cache: their usage is under their
 *    protection, so limit reclaim skips them while "none" has
 *    reclaimable pages (mem_cgroup_calculate_protection(): children of
 *    the reclaim root are protected by their own values); each may lose
 *    only what the per-CPU charge stock held (64 pages a CPU) and 256 KiB
 *    more;
 *  - hence "none" gave what was missing: it ends below 4 MiB (at most
 *    48 - 30 - 2 x 8 = 2 MiB, less the toucher's own overhead, whatever
 *    order the LRU lists would have chosen; it had 8, so 2 MiB of margin
 *    either way), the parent's
 *    memory.events counts "max" events and no oom_kill;
 *  - memory.min and memory.low read back what was written.
 * (upstream LTP's memcontrol03 checks the same protection with page cache
 * on both sides.)
 */
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/vfs.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "vm_helpers.h"

#define MB (1024 * 1024)
#define TMPFS_MAGIC_ 0x01021994
#define HOLD (8 * MB)
#define ANON (30 * MB)

static long long tol;
static int on_tmpfs;

/* In cgroup rel, read the file name (size bytes), check it, exit. */
static void read_in(const char *rel, const char *name, size_t size)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		char *buf = SAFE_MALLOC(MB);
		long off, bad = -1;
		int fd;

		cg_enter(rel);
		fd = SAFE_OPEN(name, O_RDONLY);
		for (off = 0; off < (long)size; off += MB) {
			SAFE_READ(1, fd, buf, MB);
			if (bad < 0 && check_pattern(buf, MB, off / MB) >= 0)
				bad = off;
		}
		SAFE_CLOSE(fd);
		if (bad >= 0)
			tst_brk(TFAIL, "%s read in %s: bad data at MiB %ld",
				name, rel, bad / MB);
		exit(0);
	}
	reap_child(pid);
}

/* Drop the files' clean page cache, wherever it is charged. */
static void drop_cache(const char *name)
{
	int fd = SAFE_OPEN(name, O_RDONLY);

	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	SAFE_CLOSE(fd);
}

static void run(void)
{
	static const char *const kids[] = {"min", "low", "none"};
	long long before[3], after[3], max0;
	size_t off;
	char *mem;
	pid_t pid;
	int i;

	/* each iteration starts from nothing cached, as the first one */
	for (i = 0; i < 3; i++)
		drop_cache(kids[i]);
	for (i = 0; i < 3; i++) {
		read_in(kids[i], kids[i], HOLD);
		before[i] = cg_read_num(kids[i], "memory.current");
		TST_EXP_EXPR(before[i] >= HOLD - tol,
			     "%s holds %lld KiB after reading 8 MiB",
			     kids[i], before[i] / 1024);
	}
	max0 = cg_read_key("", "memory.events", "max");
	pid = SAFE_FORK();
	if (!pid) {
		cg_enter("hog");
		mem = SAFE_MMAP(NULL, ANON, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		for (off = 0; off < ANON; off += getpagesize())
			mem[off] = 1;
		exit(0);
	}
	reap_child(pid);
	tst_res(TPASS, "30 MiB of anonymous memory touched in the 48 MiB "
		"parent, exit 0");
	for (i = 0; i < 3; i++) {
		after[i] = cg_read_num(kids[i], "memory.current");
		tst_res(TINFO, "%s: %lld KiB before, %lld KiB after", kids[i],
			before[i] / 1024, after[i] / 1024);
	}
	TST_EXP_EXPR(after[0] >= before[0] - tol,
		     "memory.min 16 MiB kept the page cache of 'min'");
	TST_EXP_EXPR(after[1] >= before[1] - tol,
		     "memory.low 16 MiB kept the page cache of 'low'");
	TST_EXP_EXPR(after[2] < HOLD / 2,
		     "the unprotected sibling was reclaimed below 4 MiB");
	TST_EXP_EXPR(cg_read_key("", "memory.events", "max") > max0,
		     "the parent's memory.max was hit");
	TST_EXP_EQ_LI(cg_read_key("", "memory.events", "oom_kill"), 0);
	TST_EXP_EQ_LI(cg_read_num("min", "memory.min"), 16 * MB);
	TST_EXP_EQ_LI(cg_read_num("low", "memory.low"), 16 * MB);
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};
	static const char *const kids[] = {"min", "low", "none", "hog"};
	long ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	struct statfs sfs;
	int i;

	if (statfs(".", &sfs))
		tst_brk(TBROK | TERRNO, "statfs(.)");
	on_tmpfs = sfs.f_type == TMPFS_MAGIC_;
	if (on_tmpfs)
		tst_brk(TCONF, "the tmpdir is on tmpfs: no reclaimable page "
			"cache without swap");
	tol = ncpus * 64 * getpagesize() + 256 * 1024;
	cg_setup(ctrls, 1);
	CG_WRITE("", "memory.max", "%d", 48 * MB);
	cg_no_swap("");
	for (i = 0; i < 4; i++) {
		cg_mkdir(kids[i]);
		cg_no_swap(kids[i]);
	}
	CG_WRITE("min", "memory.min", "%d", 16 * MB);
	CG_WRITE("low", "memory.low", "%d", 16 * MB);
	for (i = 0; i < 3; i++)
		write_pattern_file(kids[i], HOLD);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_MEMCG", NULL
	},
};
