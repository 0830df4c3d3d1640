// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Allocations racing changes of cpuset.mems (upstream cpuset01). Two nodes
 * A and B (ltp-vm --numa 2; one node: TCONF); in a cgroup v2 cpuset
 * child "c" with cpuset.mems "A,B", two hog processes bound by
 * set_mempolicy(MPOL_BIND, {A, B}) map 10 pages, fill them, check them
 * and unmap them in a loop while the test writes cpuset.mems A, then B,
 * alternately for 2 s and at least 6 times:
 *  - every write is accepted and cpuset.mems.effective reads it back;
 *  - no hog is killed (an allocation seeing an empty or stale node mask
 *    in the middle of the rebind went to the OOM killer: fixed by
 *    708c1bbc9d0c and c0ff7453bb5c, the commits cpuset01 reproduces),
 *    each completes rounds and finds its data intact, vmstat oom_kill
 *    does not move;
 *  - after the last write (B) the hogs' policy is rebound by position
 *    (mm/mempolicy.c mpol_rebind_nodemask(): nodes_remap() of the policy
 *    onto the new mems): get_mempolicy() reads MPOL_BIND with the mask
 *    {B}, and 16 pages they touch then are all on B.
 */
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "numa_raw.h"
#include "cgroup2.h"

#define NHOG 2
#define NPG 10
#define FLIP_MS 2000
#define MIN_WRITES 6

struct shared {
	volatile int stop;
	volatile long rounds[NHOG];
};

static struct shared *sh;
static size_t psz;
static int na, nb;

static void final_check(int who)
{
	struct numa_mask want = numa_mask_of(nb), got;
	void *addrs[16];
	int status[16], mode = -1, i, on = 0;
	char *m;

	numa_mask_clear(&got);
	if (get_mempolicy_raw(&mode, got.b, NUMA_MAXNODE_OUT, NULL, 0))
		tst_brk(TBROK | TERRNO, "get_mempolicy()");
	TST_EXP_EXPR(mode == MPOL_BIND && numa_mask_eq(&got, &want),
		     "hog %d: policy %s mask 0x%lx after mems %d (expected "
		     "MPOL_BIND 0x%lx)", who, numa_mode_name(mode), got.b[0],
		     nb, want.b[0]);
	m = SAFE_MMAP(NULL, 16 * psz, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (i = 0; i < 16; i++) {
		m[i * psz] = 1;
		addrs[i] = m + i * psz;
	}
	numa_where(addrs, 16, status);
	for (i = 0; i < 16; i++)
		on += status[i] == nb;
	TST_EXP_EXPR(on == 16, "hog %d: %d of 16 new pages on node %d", who,
		     on, nb);
	SAFE_MUNMAP(m, 16 * psz);
}

static void hog(int who)
{
	struct numa_mask both = numa_mask_of(na);
	unsigned char *m, v;
	size_t i, bad = 0;

	numa_mask_set(&both, nb);
	cg_enter("c");
	if (set_mempolicy_raw(MPOL_BIND, both.b, NUMA_MAXNODE_IN))
		tst_brk(TBROK | TERRNO, "set_mempolicy(MPOL_BIND, {%d, %d})",
			na, nb);
	TST_CHECKPOINT_WAKE(0);
	while (!sh->stop) {
		v = sh->rounds[who] * 7 + who + 1;
		m = SAFE_MMAP(NULL, NPG * psz, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		memset(m, v, NPG * psz);
		for (i = 0; i < NPG * psz; i += 512)
			bad += m[i] != v;
		SAFE_MUNMAP(m, NPG * psz);
		sh->rounds[who]++;
	}
	TST_EXP_EXPR(!bad, "hog %d: %ld rounds, %zu bytes read back wrong",
		     who, sh->rounds[who], bad);
	final_check(who);
	exit(0);
}

static void set_mems(int node, long *bad)
{
	char path[PATH_MAX], val[16];

	if (cg_try_write("c", "cpuset.mems", "%d", node)) {
		if (!(*bad)++)
			tst_res(TFAIL | TERRNO, "cpuset.mems %d", node);
		return;
	}
	snprintf(val, sizeof(val), "%d", node);
	cg_path(path, sizeof(path), "c", "cpuset.mems.effective");
	if (!cg_has_word(path, val) && !(*bad)++)
		tst_res(TFAIL, "cpuset.mems.effective is not %d after the "
			"write", node);
}

static void run(void)
{
	pid_t pids[NHOG];
	long long end, t, slowest = 0;
	long kills0, flips = 0, bad = 0;
	int i;

	cg_mkdir("c");
	CG_WRITE("c", "cpuset.mems", "%d,%d", na, nb);
	memset(sh, 0, sizeof(*sh));
	kills0 = tst_read_vmstat("oom_kill");
	for (i = 0; i < NHOG; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			hog(i);
		TST_CHECKPOINT_WAIT(0);
	}

	/* each write rebinds and migrates the hogs: slow under TCG */
	end = tst_mono_ms() + FLIP_MS;
	while (tst_mono_ms() < end || flips < MIN_WRITES) {
		t = tst_mono_ms();
		set_mems(na, &bad);
		set_mems(nb, &bad);
		flips += 2;
		t = tst_mono_ms() - t;
		if (t > slowest)
			slowest = t;
	}
	tst_res(TINFO, "slowest pair of writes: %lld ms", slowest);
	TST_EXP_EXPR(!bad, "%ld writes of cpuset.mems, %ld failed", flips,
		     bad);
	sh->stop = 1;
	for (i = 0; i < NHOG; i++)
		reap_child(pids[i]);
	for (i = 0; i < NHOG; i++)
		TST_EXP_EXPR(sh->rounds[i] > 0, "hog %d completed %ld rounds",
			     i, sh->rounds[i]);
	TST_EXP_EQ_LI(tst_read_vmstat("oom_kill") - kills0, 0);
	cg_rmdir("c");
}

static void setup(void)
{
	static const char *const ctrls[] = {"cpuset", NULL};

	psz = getpagesize();
	numa_two_nodes(&na, &nb);
	cg_setup(ctrls, 1);
	sh = SAFE_MMAP(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CPUSETS", "CONFIG_NUMA", NULL
	},
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "708c1bbc9d0c"},
		{"linux-git", "c0ff7453bb5c"},
		{NULL, NULL}
	},
};
