// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 hugetlb controller, with 4 default-size huge pages reserved:
 *  - hugetlb.<size>.max 2 pages (rsvd.max unlimited): a 4-page
 *    MAP_HUGETLB mapping is created, the first two touches succeed and
 *    hugetlb.<size>.current reads 2 pages; the third touch faults the
 *    process with SIGBUS (the charge at fault time fails), and
 *    hugetlb.<size>.events counts "max"; the pages go back to the pool;
 *  - hugetlb.<size>.rsvd.max 2 pages: mmap() of 3 pages fails with
 *    ENOMEM (the reservation is charged at mmap time) and changes no
 *    counter; 2 pages succeed, rsvd.current reads 2 pages, and munmap()
 *    uncharges it to 0.
 */
#include <sys/mman.h>
#include <sys/resource.h>
#include "tst_test.h"
#include "cgroup2.h"

static long hpsz;
static char name[64], fmax[96], fcur[96], frmax[96], frcur[96], fev[96];

static void toucher(void)
{
	struct rlimit nocore = {0, 0};
	char *p;
	int i;

	setrlimit(RLIMIT_CORE, &nocore);
	cg_enter("h");
	p = mmap(NULL, 4 * hpsz, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	if (p == MAP_FAILED)
		tst_brk(TFAIL | TERRNO, "mmap of 4 huge pages under max 2");
	for (i = 0; i < 2; i++)
		p[i * hpsz] = 1;
	TST_EXP_EQ_LI(cg_read_num("h", fcur), 2 * hpsz);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	p[2 * hpsz] = 1;
	tst_res(TFAIL, "third huge page touched under hugetlb max 2");
	exit(0);
}

static void fault_limit(void)
{
	long free0 = tst_read_meminfo("HugePages_Free:");
	pid_t pid;

	cg_mkdir("h");
	CG_WRITE("h", fmax, "%ld", 2 * hpsz);
	pid = SAFE_FORK();
	if (!pid)
		toucher();
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_EQ_LI(cg_read_key("h", fev, "max"), 0);
	TST_CHECKPOINT_WAKE(0);
	reap_child_killed(pid, SIGBUS);
	tst_res(TPASS, "touching a huge page over %s raised SIGBUS", fmax);
	TST_EXP_EXPR(cg_read_key("h", fev, "max") >= 1, "%s max %lld", fev,
		     cg_read_key("h", fev, "max"));
	TST_EXP_EQ_LI(cg_read_num("h", fcur), 0);
	TST_EXP_EQ_LI(tst_read_meminfo("HugePages_Free:"), free0);
	cg_rmdir("h");
}

static void rsvd_limit(void)
{
	pid_t pid;

	cg_mkdir("r");
	CG_WRITE("r", frmax, "%ld", 2 * hpsz);
	pid = SAFE_FORK();
	if (!pid) {
		long rsvd0 = tst_read_meminfo("HugePages_Rsvd:");
		void *p;

		cg_enter("r");
		p = mmap(NULL, 3 * hpsz, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
		TST_EXP_EXPR(p == MAP_FAILED && errno == ENOMEM,
			     "mmap of 3 huge pages over %s: ENOMEM (%s)",
			     frmax, p == MAP_FAILED ?
			     tst_strerrno(errno) : "mapped");
		TST_EXP_EQ_LI(cg_read_num("r", frcur), 0);
		TST_EXP_EQ_LI(tst_read_meminfo("HugePages_Rsvd:"), rsvd0);
		p = mmap(NULL, 2 * hpsz, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
		if (p == MAP_FAILED)
			tst_brk(TFAIL | TERRNO, "mmap of 2 huge pages");
		TST_EXP_EQ_LI(cg_read_num("r", frcur), 2 * hpsz);
		TST_EXP_EQ_LI(tst_read_meminfo("HugePages_Rsvd:"), rsvd0 + 2);
		SAFE_MUNMAP(p, 2 * hpsz);
		TST_EXP_EQ_LI(cg_read_num("r", frcur), 0);
		exit(0);
	}
	reap_child(pid);
	cg_rmdir("r");
}

static void run(void)
{
	fault_limit();
	rsvd_limit();
}

static void setup(void)
{
	static const char *const ctrls[] = {"hugetlb", NULL};
	char path[PATH_MAX];

	hpsz = cg_hugetlb_size_name(name, sizeof(name));
	snprintf(fmax, sizeof(fmax), "hugetlb.%s.max", name);
	snprintf(fcur, sizeof(fcur), "hugetlb.%s.current", name);
	snprintf(frmax, sizeof(frmax), "hugetlb.%s.rsvd.max", name);
	snprintf(frcur, sizeof(frcur), "hugetlb.%s.rsvd.current", name);
	snprintf(fev, sizeof(fev), "hugetlb.%s.events", name);
	cg_setup(ctrls, 1);
	cg_path(path, sizeof(path), "", frmax);
	if (access(path, F_OK))
		tst_brk(TCONF, "no %s (kernel before 5.7)", frmax);
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
