// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 memory protection under reclaim from a sibling:
 * a parent with memory.max 40 MiB (no swap) has three children that each
 * hold 8 MiB of clean page cache (a file each read in by one of their
 * processes, which then exits): "min" with memory.min 16 MiB, "low" with
 * memory.low 16 MiB, "none" without protection. A process of a fourth
 * child streams 96 MiB of another file through the page cache, so the
 * parent's limit reclaims over and over.
 *  - "min" and "low" keep their page cache: their usage is under their
 *    protection, so reclaim skips them while "none" and the streamer
 *    have reclaimable pages (mem_cgroup_calculate_protection(): direct
 *    children of the reclaim root are protected by their own values);
 *    they may lose only what the per-CPU charge stock held (64 pages a
 *    CPU) and 256 KiB more;
 *  - "none" is reclaimed: it ends below half of its 8 MiB (the streamer
 *    alone pushes 3 times the limit through the parent), which shows the
 *    pressure was real;
 *  - nobody is OOM-killed (memory.events oom_kill 0 in the parent) and
 *    the streamed data is intact;
 *  - memory.min and memory.low read back what was written.
 */
#include <fcntl.h>
#include <sys/vfs.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "vm_helpers.h"

#define MB (1024 * 1024)
#define TMPFS_MAGIC_ 0x01021994
#define HOLD (8 * MB)
#define STREAM (96 * MB)

static long long tol;
static int on_tmpfs;

static void write_file(const char *name, size_t size)
{
	char *buf = SAFE_MALLOC(MB);
	size_t off;
	int fd;

	fd = SAFE_OPEN(name, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	for (off = 0; off < size; off += MB) {
		fill_pattern(buf, MB, off / MB);
		SAFE_WRITE(1, fd, buf, MB);
	}
	SAFE_FSYNC(fd);
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	SAFE_CLOSE(fd);
	free(buf);
}

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
	long long before[3], after[3];
	int i;

	/* each iteration starts from nothing cached, as the first one */
	for (i = 0; i < 3; i++)
		drop_cache(kids[i]);
	drop_cache("stream");

	for (i = 0; i < 3; i++) {
		read_in(kids[i], kids[i], HOLD);
		before[i] = cg_read_num(kids[i], "memory.current");
		TST_EXP_EXPR(before[i] >= HOLD - tol,
			     "%s holds %lld KiB after reading 8 MiB",
			     kids[i], before[i] / 1024);
	}
	read_in("hog", "stream", STREAM);
	tst_res(TPASS, "96 MiB streamed intact through the 40 MiB parent");
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
	CG_WRITE("", "memory.max", "%d", 40 * MB);
	cg_no_swap("");
	for (i = 0; i < 4; i++) {
		cg_mkdir(kids[i]);
		cg_no_swap(kids[i]);
	}
	CG_WRITE("min", "memory.min", "%d", 16 * MB);
	CG_WRITE("low", "memory.low", "%d", 16 * MB);
	for (i = 0; i < 3; i++)
		write_file(kids[i], HOLD);
	write_file("stream", STREAM);
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
