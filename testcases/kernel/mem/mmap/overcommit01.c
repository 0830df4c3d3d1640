// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Overcommit accounting (vm.overcommit_memory, _ratio, _kbytes, saved
 * and restored; mm/util.c vm_commit_limit(), __vm_enough_memory()):
 *  - CommitLimit in /proc/meminfo is (MemTotal - Hugetlb) * ratio / 100
 *    + SwapTotal, in pages, for ratio 100, 50 and 0; with overcommit_kbytes
 *    set it is those kbytes + SwapTotal, and writing either knob clears
 *    the other;
 *  - mode 2 (never): a private writable mapping larger than
 *    CommitLimit - Committed_AS fails with ENOMEM, MAP_NORESERVE
 *    included, and Committed_AS did not move; 1 MiB succeeds and
 *    Committed_AS grows by it; a read-only private mapping is not
 *    charged (succeeds however large) until mprotect(PROT_WRITE), which
 *    fails with ENOMEM;
 *  - mode 0 (heuristic) refuses one mapping larger than RAM + swap
 *    (ENOMEM); mode 1 (always) grants it;
 *  - the knobs refuse out-of-range values (overcommit_memory 3: EINVAL).
 */
#include <sys/mman.h>
#include "tst_test.h"

#define VM "/proc/sys/vm/"
#define MB (1024UL * 1024)

static long pagekb;

struct mi {
	long total, hugetlb, swap, limit, committed;
};

static void meminfo(struct mi *m)
{
	m->total = tst_read_meminfo("MemTotal:");
	m->hugetlb = tst_read_meminfo("Hugetlb:");
	m->swap = tst_read_meminfo("SwapTotal:");
	m->limit = tst_read_meminfo("CommitLimit:");
	m->committed = tst_read_meminfo("Committed_AS:");
}

static void set(const char *knob, long val)
{
	char path[128];

	snprintf(path, sizeof(path), VM "%s", knob);
	SAFE_FILE_PRINTF(path, "%ld", val);
}

static long get(const char *knob)
{
	char path[128];
	long val;

	snprintf(path, sizeof(path), VM "%s", knob);
	if (!tst_file_read_long(path, &val))
		tst_brk(TBROK, "cannot read %s", path);
	return val;
}

static void check_ratio(long ratio)
{
	struct mi m;
	long exp;

	set("overcommit_ratio", ratio);
	meminfo(&m);
	exp = ((m.total / pagekb - m.hugetlb / pagekb) * ratio / 100 +
	       m.swap / pagekb) * pagekb;
	TST_EXP_EXPR(m.limit == exp, "ratio %ld: CommitLimit %ld kB "
		     "(expected %ld kB)", ratio, m.limit, exp);
}

static void *map(size_t len, int prot, int flags)
{
	return mmap(NULL, len, prot, MAP_PRIVATE | MAP_ANONYMOUS | flags,
		    -1, 0);
}

static void expect_enomem(size_t len, int flags, const char *what)
{
	void *p = map(len, PROT_READ | PROT_WRITE, flags);

	TST_EXP_EXPR(p == MAP_FAILED && errno == ENOMEM, "%s: %zu MiB "
		     "refused with ENOMEM (%s)", what, len / MB,
		     p == MAP_FAILED ? tst_strerrno(errno) : "mapped");
	if (p != MAP_FAILED)
		SAFE_MUNMAP(p, len);
}

static void never(void)
{
	struct mi m, m2;
	size_t len;
	void *p;

	set("overcommit_ratio", 100);
	set("overcommit_memory", 2);
	meminfo(&m);
	len = (m.limit - m.committed) * 1024UL + 64 * MB;
	expect_enomem(len, 0, "mode 2");
	expect_enomem(len, MAP_NORESERVE, "mode 2, MAP_NORESERVE");
	meminfo(&m2);
	TST_EXP_EXPR(m2.committed < m.committed + 16 * 1024,
		     "Committed_AS not charged by the refusals (%ld -> %ld)",
		     m.committed, m2.committed);

	p = map(MB, PROT_READ | PROT_WRITE, 0);
	TST_EXP_EXPR(p != MAP_FAILED, "mode 2: 1 MiB mapped");
	if (p != MAP_FAILED)
		SAFE_MUNMAP(p, MB);

	p = map(len, PROT_READ, 0);
	TST_EXP_EXPR(p != MAP_FAILED, "mode 2: read-only %zu MiB not "
		     "charged, mapped", len / MB);
	if (p != MAP_FAILED) {
		TST_EXP_FAIL(mprotect(p, len, PROT_READ | PROT_WRITE), ENOMEM,
			     "mprotect(PROT_WRITE) of it in mode 2");
		SAFE_MUNMAP(p, len);
	}
}

static void heuristic(void)
{
	struct mi m;
	size_t len;
	void *p;

	meminfo(&m);
	len = (m.total + m.swap) * 1024UL + 256 * MB;
	set("overcommit_memory", 0);
	expect_enomem(len, 0, "mode 0, more than RAM + swap");
	set("overcommit_memory", 1);
	p = map(len, PROT_READ | PROT_WRITE, 0);
	TST_EXP_EXPR(p != MAP_FAILED, "mode 1: %zu MiB mapped (%s)",
		     len / MB, p == MAP_FAILED ? tst_strerrno(errno) : "ok");
	if (p != MAP_FAILED)
		SAFE_MUNMAP(p, len);
}

static void run(void)
{
	struct mi m;
	int fd;

	set("overcommit_memory", 0);
	check_ratio(100);
	check_ratio(50);
	check_ratio(0);

	set("overcommit_kbytes", 65536);
	meminfo(&m);
	TST_EXP_EXPR(m.limit == 65536 + m.swap / pagekb * pagekb,
		     "overcommit_kbytes 65536: CommitLimit %ld kB", m.limit);
	TST_EXP_EQ_LI(get("overcommit_ratio"), 0);
	check_ratio(50);
	TST_EXP_EQ_LI(get("overcommit_kbytes"), 0);

	never();
	heuristic();

	fd = SAFE_OPEN(VM "overcommit_memory", O_WRONLY);
	TST_EXP_FAIL(write(fd, "3", 1), EINVAL, "overcommit_memory 3");
	TST_EXP_FAIL(write(fd, "-1", 2), EINVAL, "overcommit_memory -1");
	SAFE_CLOSE(fd);
	set("overcommit_memory", 0);
}

static void setup(void)
{
	pagekb = getpagesize() / 1024;
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.save_restore = (const struct tst_path_val[]) {
		{VM "overcommit_ratio", NULL, 0},
		{VM "overcommit_kbytes", NULL, 0},
		{VM "overcommit_memory", NULL, 0},
		{NULL, NULL, 0}
	},
};
