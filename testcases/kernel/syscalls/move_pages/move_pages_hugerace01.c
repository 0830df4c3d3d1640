// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * move_pages() of huge pages racing their fault and their free.
 *
 * The test process maps two private MAP_HUGETLB pages at one address,
 * writes a pattern of its round into them, reads it back and unmaps
 * them (a PROT_NONE mapping put over them keeps the address), over and
 * over; a child moves those pages (the address of each huge page's head:
 * 6.1 answers a tail with -EACCES, 6.12 moves its folio) to one node and
 * then the other with MPOL_MF_MOVE_ALL all the while. For 2 s times
 * LTP_TIMEOUT_MUL:
 * - the mapper never takes SIGBUS and always reads its pattern back
 *   (4643d67e8cb0 "hugetlbfs: fix hugetlb page migration/fault race
 *   causing SIGBUS": a fault racing the migration of its page found no
 *   page and no reservation);
 * - move_pages() returns 0 or the number of pages it did not move, or
 *   fails with ENOMEM only; after a return of 0 every status is the
 *   target node or -EFAULT, -ENOENT, -EBUSY, -ENOMEM (the page was gone
 *   or being freed at that moment); the child is not killed, and it moved
 *   a page at least once (the race was run, not skipped);
 * - the kernel neither oopses nor warns (taint_check): e66f17ff7177
 *   ("mm/hugetlb: take page table lock in follow_huge_pmd()") took the
 *   reference of a huge page that was being freed.
 * Needs two NUMA nodes (ltp-vm --numa 2) and 8 huge pages, 4 on each
 * node; TCONF otherwise. Upstream's move_pages12 also soft-offlines the
 * pages (c9d398fa2378, 3f4b815a439a); that needs CONFIG_MEMORY_FAILURE,
 * which Debian's 6.1 cloud kernel lacks, and is left out.
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include "numa_raw.h"
#include "task_wait.h"

#define HPAGES		2
#define ADDRS		HPAGES
#define POOL		8

struct race {
	volatile int stop;
	volatile unsigned long calls, moved, partial, enomem;
};

static struct race *rs;
static long hp;
static char *area;
static int node_a, node_b;
static sigjmp_buf bus_jmp;
static volatile sig_atomic_t in_touch;

static void on_sigbus(int sig)
{
	(void)sig;
	if (in_touch)
		siglongjmp(bus_jmp, 1);
	_exit(3);
}

static int status_ok(int st, int target)
{
	return st == target || st == -EFAULT || st == -ENOENT ||
	       st == -EBUSY || st == -ENOMEM;
}

static void mover(pid_t mapper)
{
	void *pages[ADDRS];
	int nodes[ADDRS], status[ADDRS];
	int i, target, last = INT32_MIN;
	long ret;

	for (i = 0; i < ADDRS; i++)
		pages[i] = area + i * hp;

	while (!rs->stop) {
		target = rs->calls % 2 ? node_b : node_a;
		for (i = 0; i < ADDRS; i++) {
			nodes[i] = target;
			status[i] = INT32_MIN;
		}
		ret = move_pages_raw(mapper, ADDRS, pages, nodes, status,
				     MPOL_MF_MOVE_ALL);
		rs->calls++;
		if (ret < 0 && errno == ENOMEM) {
			rs->enomem++;
			last = INT32_MIN;
			continue;
		}
		if (ret < 0) {
			tst_res(TFAIL | TERRNO, "move_pages(mapper, to node "
				"%d)", target);
			exit(1);
		}
		if (ret > 0) {
			rs->partial++;
			last = INT32_MIN;
			continue;
		}
		for (i = 0; i < ADDRS; i++) {
			if (!status_ok(status[i], target)) {
				tst_res(TFAIL, "move_pages() returned 0, page "
					"%d status %d (target node %d)", i,
					status[i], target);
				exit(1);
			}
		}
		/* seen on the other node before, on the target now: moved */
		if (status[0] == target && last == (target == node_a ?
						     node_b : node_a))
			rs->moved++;
		last = status[0];
	}
	exit(0);
}

/* one round: 0 when the pattern came back, 1 on SIGBUS, 2 on bad data */
static int map_touch_unmap(unsigned int round, long *bad_off)
{
	unsigned char c = 0x11 + round % 200;
	char *p;
	long i;
	volatile int ret = 0;	/* set after sigsetjmp() */

	p = mmap(area, HPAGES * hp, PROT_READ | PROT_WRITE, MAP_PRIVATE |
		 MAP_ANONYMOUS | MAP_HUGETLB | MAP_FIXED, -1, 0);
	if (p == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap(%d huge pages at %p)", HPAGES,
			area);
	if (p != area)
		tst_brk(TBROK, "mmap() placed the pages at %p, not %p", p,
			area);

	if (sigsetjmp(bus_jmp, 1)) {
		in_touch = 0;
		ret = 1;
		goto out;
	}
	in_touch = 1;
	memset(p, c, HPAGES * hp);
	for (i = 0; i < HPAGES * hp; i += 512) {
		if ((unsigned char)p[i] != c ||
		    (unsigned char)p[i + 511] != c) {
			*bad_off = i;
			ret = 2;
			break;
		}
	}
	in_touch = 0;
out:
	/* unmaps and frees the huge pages, keeps the address reserved */
	SAFE_MMAP(area, HPAGES * hp, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS |
		  MAP_FIXED, -1, 0);
	return ret;
}

static void run(void)
{
	long long deadline;
	unsigned int rounds = 0;
	long bad_off = -1;
	int res = 0;
	pid_t pid;

	memset((void *)rs, 0, sizeof(*rs));
	pid = SAFE_FORK();
	if (!pid)
		mover(getppid());

	deadline = tst_mono_ms() + 2000 * tst_timeout_mul();
	while (!res && (tst_mono_ms() < deadline || rs->moved < 1)) {
		/* no move at all in 10 s x multiplier: stop, reported below */
		if (tst_mono_ms() > deadline + 8000 * tst_timeout_mul())
			break;
		res = map_touch_unmap(rounds++, &bad_off);
	}
	rs->stop = 1;
	reap_child(pid);

	if (res == 1)
		tst_res(TFAIL, "SIGBUS touching the huge pages in round %u "
			"(a fault racing their migration)", rounds);
	else if (res == 2)
		tst_res(TFAIL, "round %u read back other data at offset %ld",
			rounds, bad_off);
	else
		tst_res(TPASS, "%u rounds of map, write, read and unmap, "
			"each pattern read back, no SIGBUS", rounds);

	tst_res(TINFO, "move_pages(): %lu calls, %lu moved the first page "
		"across, %lu partial, %lu ENOMEM", rs->calls, rs->moved,
		rs->partial, rs->enomem);
	if (rs->moved)
		tst_res(TPASS, "the child saw the first page go from one node "
			"to the other %lu times, every return and status as "
			"documented", rs->moved);
	else
		tst_res(TFAIL, "move_pages() moved no page in %lu calls",
			rs->calls);
}

/* free huge pages of node n, from sysfs */
static long node_free(int n)
{
	char path[256];
	long v;

	snprintf(path, sizeof(path), "/sys/devices/system/node/node%d/"
		 "hugepages/hugepages-%ldkB/free_hugepages", n, hp / 1024);
	SAFE_FILE_SCANF(path, "%ld", &v);
	return v;
}

static void setup(void)
{
	struct numa_mask allowed = numa_allowed(), rest;
	struct sigaction sa = { .sa_handler = on_sigbus };

	node_a = numa_first(&allowed);
	rest = allowed;
	rest.b[node_a / NUMA_LBITS] &= ~(1UL << (node_a % NUMA_LBITS));
	node_b = numa_first(&rest);
	if (node_b < 0)
		tst_brk(TCONF, "needs two NUMA nodes with memory (ltp-vm "
			"--numa 2); allowed: node %d only", node_a);

	hp = tst_read_meminfo("Hugepagesize:") * 1024;
	if (node_free(node_a) < HPAGES || node_free(node_b) < HPAGES)
		tst_brk(TCONF, "pool of %d huge pages: node %d has %ld free, "
			"node %d %ld; %d needed on each", POOL, node_a,
			node_free(node_a), node_b, node_free(node_b), HPAGES);

	/* an address the mapper's huge pages fit at, aligned to one */
	area = SAFE_MMAP(NULL, (HPAGES + 1) * hp, PROT_NONE, MAP_PRIVATE |
			 MAP_ANONYMOUS, -1, 0);
	area = (char *)(((unsigned long)area + hp - 1) & ~(hp - 1));

	rs = SAFE_MMAP(NULL, sizeof(*rs), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sigaction(SIGBUS, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGBUS)");
	tst_res(TINFO, "nodes %d and %d, huge pages of %ld kB", node_a,
		node_b, hp / 1024);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
	.hugepages = {POOL, TST_NEEDS},
	.save_restore = (const struct tst_path_val[]) {
		{ "/proc/sys/vm/nr_overcommit_hugepages", "0",
		  TST_SR_TCONF_MISSING },
		{}
	},
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "e66f17ff7177"},
		{"linux-git", "4643d67e8cb0"},
		{}
	},
};
