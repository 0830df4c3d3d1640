// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 kernel memory accounting: the kernel objects a cgroup's tasks
 * make are charged to it and given back when they go (memory.stat,
 * mm/memcontrol.c):
 *  - kernel_stack reads exactly 0 in a new cgroup even with a process
 *    moved into it (the process's own stack was charged where it was
 *    forked: v2 never moves charges); 64 threads it makes raise it by
 *    exactly 64 x THREAD_SIZE (16 KiB on x86_64 and arm64, charged page
 *    by page by memcg_charge_kernel_stack()), and it is exactly 0 again
 *    once they are joined (account_kernel_stack() at exit);
 *  - pagetables: one byte written in each of 64 separate 2 MiB ranges
 *    (MADV_NOHUGEPAGE) needs one new PTE page each, charged to the
 *    cgroup (__GFP_ACCOUNT page tables): +64 pages, at most 3 more for the
 *    upper levels; munmap() frees them (at most those 3 left);
 *  - percpu: a memory cgroup's per-CPU statistics are allocated with
 *    __GFP_ACCOUNT on behalf of its parent (set_active_memcg() in
 *    mem_cgroup_css_alloc()): 8 children made by a process outside the
 *    cgroup raise its "percpu" above 0, and once they are removed and
 *    freed (nr_dying_descendants back to 0) it is exactly 0 again.
 * memory.stat is flushed from per-CPU counters lazily, but in full every
 * 2 s (flush_memcg_stats_dwork()): each value is polled until it reaches
 * the expected one, bounded by 10 s times LTP_TIMEOUT_MUL, so the
 * assertions are exact.
 */
#include <pthread.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "vm_helpers.h"

#define NTHREADS 64
#define NCHILDREN 8
#define PMD_SPAN (2UL * 1024 * 1024)
#define NPTE 64

#if defined(__x86_64__) || defined(__aarch64__)
# define THREAD_SIZE_ 16384
#else
# define THREAD_SIZE_ 0
#endif

static long page;

static void expect_stat(const char *rel, const char *key, long long lo,
			long long hi, const char *what)
{
	long long val = cg_wait_key(rel, "memory.stat", key, lo, hi);

	if (lo == hi)
		TST_EXP_EXPR(val == lo, "%s: %s %lld, %lld expected", what,
			     key, val, lo);
	else
		TST_EXP_EXPR(val >= lo && val <= hi,
			     "%s: %s %lld, [%lld, %lld] expected", what, key,
			     val, lo, hi);
}

static int release_fd;

static void *sleeper(void *arg)
{
	char c;

	(void)arg;
	/* returns 0 (EOF) when the main thread closes the write end */
	if (read(release_fd, &c, 1) != 0)
		tst_brk(TBROK | TERRNO, "sleeper read()");
	return NULL;
}

static void stack_child(void)
{
	pthread_t th[NTHREADS];
	long long one;
	int fds[2], i, ret;

	cg_enter("k");
	expect_stat("k", "kernel_stack", 0, 0,
		    "a moved process's stack stays charged where it was made");
	SAFE_PIPE(fds);
	release_fd = fds[0];
	for (i = 0; i < NTHREADS; i++) {
		ret = pthread_create(&th[i], NULL, sleeper, NULL);
		if (ret)
			tst_brk(TBROK, "pthread_create(): %s", strerror(ret));
	}
	if (THREAD_SIZE_) {
		expect_stat("k", "kernel_stack",
			    (long long)NTHREADS * THREAD_SIZE_,
			    (long long)NTHREADS * THREAD_SIZE_,
			    "64 threads made in the cgroup");
	} else {
		one = cg_wait_key("k", "memory.stat", "kernel_stack", 1,
				  LLONG_MAX);
		TST_EXP_EXPR(one > 0 && one % (NTHREADS * page) == 0,
			     "64 threads: kernel_stack %lld, whole pages "
			     "per thread", one);
	}
	SAFE_CLOSE(fds[1]);
	for (i = 0; i < NTHREADS; i++) {
		ret = pthread_join(th[i], NULL);
		if (ret)
			tst_brk(TBROK, "pthread_join(): %s", strerror(ret));
	}
	expect_stat("k", "kernel_stack", 0, 0, "the 64 threads joined");
	SAFE_CLOSE(fds[0]);
	exit(0);
}

static void pagetable_child(void)
{
	long long pt0, pt1;
	size_t len = (NPTE + 1) * PMD_SPAN, i;
	char *map, *start;

	cg_enter("t");
	/* settle the baseline: nothing of ours is charged here yet */
	pt0 = cg_wait_key("t", "memory.stat", "pagetables", 0, 0);
	TST_EXP_EXPR(pt0 == 0, "pagetables of a new cgroup with a moved "
		     "process: %lld, 0 expected", pt0);
	map = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	/* one page per 2 MiB range, never a huge page: one PTE page each */
	vm_no_thp(map, len);
	start = (char *)(((unsigned long)map + PMD_SPAN - 1) & ~(PMD_SPAN - 1));
	for (i = 0; i < NPTE; i++)
		start[i * PMD_SPAN] = 1;
	pt1 = cg_wait_key("t", "memory.stat", "pagetables", NPTE * page,
			  (NPTE + 3) * page);
	TST_EXP_EXPR(pt1 >= NPTE * page && pt1 <= (NPTE + 3) * page,
		     "64 pages 2 MiB apart touched: pagetables %lld, "
		     "[%ld, %ld] expected", pt1, NPTE * page,
		     (NPTE + 3) * page);
	SAFE_MUNMAP(map, len);
	expect_stat("t", "pagetables", 0, 3 * page, "after munmap()");
	exit(0);
}

static void percpu_of_children(void)
{
	char name[32];
	long long dying;
	int i;

	cg_mkdir("q");
	CG_WRITE("q", "cgroup.subtree_control", "+memory");
	for (i = 0; i < NCHILDREN; i++) {
		snprintf(name, sizeof(name), "q/c%d", i);
		cg_mkdir(name);
	}
	expect_stat("q", "percpu", 1, LLONG_MAX,
		    "8 child memory cgroups made from outside");
	for (i = 0; i < NCHILDREN; i++) {
		snprintf(name, sizeof(name), "q/c%d", i);
		cg_rmdir(name);
	}
	dying = cg_wait_key("q", "cgroup.stat", "nr_dying_descendants",
			    0, 0);
	if (dying) {
		tst_res(TFAIL, "%lld removed empty children still dying "
			"after 10 s", dying);
	} else {
		expect_stat("q", "percpu", 0, 0,
			    "the 8 children removed and freed");
	}
	cg_rmdir("q");
}

static void run(void)
{
	pid_t pid;

	cg_mkdir("k");
	pid = SAFE_FORK();
	if (!pid)
		stack_child();
	reap_child(pid);
	cg_rmdir("k");

	cg_mkdir("t");
	pid = SAFE_FORK();
	if (!pid)
		pagetable_child();
	reap_child(pid);
	cg_rmdir("t");

	percpu_of_children();
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};

	page = getpagesize();
	if (cg_memory_off("nokmem"))
		tst_brk(TCONF, "booted with cgroup.memory=nokmem");
	cg_setup(ctrls, 1);
	cg_require_file("memory.stat", "no memory controller");
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
