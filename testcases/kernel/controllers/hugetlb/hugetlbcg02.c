// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Hierarchy of the cgroup v2 hugetlb controller (mm/hugetlb_cgroup.c),
 * with 4 default-size huge pages reserved, p's hugetlb.<size>.max 2 pages
 * and p/c, p/d below it:
 *  - a process of p/c faults 2 pages: hugetlb.<size>.current reads 2
 *    pages in p/c, p and the test's cgroup (hierarchical), 0 in p/d;
 *    numa_stat of p/c and p shows total= 2 pages, the sum of its N<node>=
 *    values equal to it;
 *  - a process of p/d touching one page dies of SIGBUS (p's limit); the
 *    "max" event is counted where the charge was tried, not at the limit:
 *    p/d's events.local >= 1 and its events, p's and the test cgroup's
 *    events grow by as much, p's events.local 0, p/c's events 0 (unlike
 *    memory.events, which count at the limiting cgroup); p/d's current
 *    stays 0;
 *  - moving the holder to p/d moves no charge: p/c keeps 2 pages, p/d 0;
 *    its munmap() and exit uncharge p/c, p and the test cgroup to 0 and
 *    give every page back to the pool.
 */
#include <sys/mman.h>
#include <sys/resource.h>
#include "tst_test.h"
#include "cgroup2.h"

static long hpsz;
static char name[64], fmax[96], fcur[96], fev[96], fevl[96], fnuma[96];

static void holder(void)
{
	char *p;

	cg_enter("p/c");
	p = SAFE_MMAP(NULL, 2 * hpsz, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	p[0] = 1;
	p[hpsz] = 1;
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	SAFE_MUNMAP(p, 2 * hpsz);
	exit(0);
}

static void toucher(void)
{
	struct rlimit nocore = {0, 0};
	char *p;

	setrlimit(RLIMIT_CORE, &nocore);
	cg_enter("p/d");
	p = SAFE_MMAP(NULL, hpsz, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	p[0] = 1;
	tst_res(TFAIL, "p/d touched a huge page over p's %s", fmax);
	exit(0);
}

/* numa_stat of rel: total= and the sum of its N<node>= values. */
static void check_numa(const char *rel, long want)
{
	char path[PATH_MAX], tok[64];
	long long total = -1, sum = 0, v;
	int node;
	FILE *f;

	cg_path(path, sizeof(path), rel, fnuma);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fscanf(f, "%63s", tok) == 1) {
		if (sscanf(tok, "total=%lld", &v) == 1)
			total = v;
		else if (sscanf(tok, "N%d=%lld", &node, &v) == 2)
			sum += v;
	}
	fclose(f);
	TST_EXP_EXPR(total == want && sum == want, "%s %s: total=%lld, nodes "
		     "%lld (%ld)", rel, fnuma, total, sum, want);
}

static long long cur(const char *rel)
{
	return cg_read_num(rel, fcur);
}

static void run(void)
{
	long free0 = tst_read_meminfo("HugePages_Free:");
	long long dl, base0 = cg_read_key("", fev, "max");
	pid_t pid, tpid;

	cg_mkdir("p");
	CG_WRITE("p", "cgroup.subtree_control", "+hugetlb");
	cg_mkdir("p/c");
	cg_mkdir("p/d");
	CG_WRITE("p", fmax, "%ld", 2 * hpsz);

	pid = SAFE_FORK();
	if (!pid)
		holder();
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_EQ_LI(cur("p/c"), 2 * hpsz);
	TST_EXP_EQ_LI(cur("p"), 2 * hpsz);
	TST_EXP_EQ_LI(cur(""), 2 * hpsz);
	TST_EXP_EQ_LI(cur("p/d"), 0);
	check_numa("p/c", 2 * hpsz);
	check_numa("p", 2 * hpsz);

	tpid = SAFE_FORK();
	if (!tpid)
		toucher();
	reap_child_killed(tpid, SIGBUS);
	tst_res(TPASS, "p/d's touch over p's %s raised SIGBUS", fmax);
	dl = cg_read_key("p/d", fevl, "max");
	TST_EXP_EXPR(dl >= 1, "p/d %s max %lld >= 1", fevl, dl);
	TST_EXP_EQ_LI(cg_read_key("p/d", fev, "max"), dl);
	TST_EXP_EQ_LI(cg_read_key("p", fev, "max"), dl);
	TST_EXP_EQ_LI(cg_read_key("", fev, "max") - base0, dl);
	TST_EXP_EQ_LI(cg_read_key("p", fevl, "max"), 0);
	TST_EXP_EQ_LI(cg_read_key("p/c", fev, "max"), 0);
	TST_EXP_EQ_LI(cur("p/d"), 0);
	TST_EXP_EQ_LI(cur("p/c"), 2 * hpsz);

	CG_WRITE("p/d", "cgroup.procs", "%d", pid);
	TST_EXP_EQ_LI(cur("p/c"), 2 * hpsz);
	TST_EXP_EQ_LI(cur("p/d"), 0);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	TST_EXP_EQ_LI(cur("p/c"), 0);
	TST_EXP_EQ_LI(cur("p"), 0);
	TST_EXP_EQ_LI(cur(""), 0);
	TST_EXP_EQ_LI(tst_read_meminfo("HugePages_Free:"), free0);
	cg_rmdir("p/d");
	cg_rmdir("p/c");
	cg_rmdir("p");
}

static void setup(void)
{
	static const char *const ctrls[] = {"hugetlb", NULL};
	char path[PATH_MAX];

	hpsz = cg_hugetlb_size_name(name, sizeof(name));
	snprintf(fmax, sizeof(fmax), "hugetlb.%s.max", name);
	snprintf(fcur, sizeof(fcur), "hugetlb.%s.current", name);
	snprintf(fev, sizeof(fev), "hugetlb.%s.events", name);
	snprintf(fevl, sizeof(fevl), "hugetlb.%s.events.local", name);
	snprintf(fnuma, sizeof(fnuma), "hugetlb.%s.numa_stat", name);
	cg_setup(ctrls, 1);
	cg_path(path, sizeof(path), "", fnuma);
	if (access(path, F_OK))
		tst_brk(TCONF, "no %s in this kernel", fnuma);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.hugepages = {4, TST_NEEDS},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_CGROUP_HUGETLB", NULL
	},
};
