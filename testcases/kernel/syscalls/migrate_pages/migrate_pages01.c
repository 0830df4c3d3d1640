// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * migrate_pages() (mm/mempolicy.c kernel_migrate_pages()):
 *
 * - Moving the pages of a process from a node to the same node returns 0
 *   (no page left unmoved) and leaves them there: for the caller (pid 0
 *   and its own pid) and, as root, for a child; the data is intact.
 * - ESRCH: a pid no process has.
 * - EINVAL: maxnode past a page of bits; as root, a target mask of only a
 *   node the caller may not use (nothing left to move to).
 * - EFAULT: a node mask that cannot be read.
 * - EPERM, as nobody: another user's process (ptrace read access is
 *   denied), and for its own pages a target node outside its allowed
 *   nodes (no CAP_SYS_NICE).
 */
#include <limits.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "numa_raw.h"
#include "as_nobody.h"

#define NPAGES 4

static size_t pg;
static int node, bad_node;
static struct numa_mask one, other;
static unsigned long *unmapped;
static char *p;
static pid_t parent;

static void setup(void)
{
	struct numa_mask allowed = numa_allowed();

	pg = getpagesize();
	node = numa_first(&allowed);
	bad_node = numa_first_unset(&allowed);
	one = numa_mask_of(node);
	other = numa_mask_of(bad_node);
	tst_res(TINFO, "allowed node %d, node %d not allowed", node,
		bad_node);
	parent = getpid();
	p = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unmapped = SAFE_MMAP(NULL, pg, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, pg);
}

static int pages_on_node(void)
{
	int i, bad = 0;

	for (i = 0; i < NPAGES; i++)
		bad += numa_node_of(p + i * pg) != node;
	return bad;
}

static void as_nobody(void)
{
	TST_EXP_FAIL(migrate_pages_raw(parent, NUMA_MAXNODE_IN, one.b, one.b),
		     EPERM, "migrate_pages(root's process) as nobody");
	TST_EXP_FAIL(migrate_pages_raw(0, NUMA_MAXNODE_IN, one.b, other.b),
		     EPERM, "migrate_pages(self, to node %d not allowed) as "
		     "nobody", bad_node);
	TST_EXP_VAL(migrate_pages_raw(0, NUMA_MAXNODE_IN, one.b, one.b), 0,
		    "migrate_pages(self, node %d to node %d) as nobody", node,
		    node);
}

static void run(void)
{
	pid_t pid;

	memset(p, 0x77, NPAGES * pg);
	TST_EXP_VAL(migrate_pages_raw(0, NUMA_MAXNODE_IN, one.b, one.b), 0,
		    "migrate_pages(pid 0, node %d to node %d)", node, node);
	TST_EXP_VAL(migrate_pages_raw(getpid(), NUMA_MAXNODE_IN, one.b,
				      one.b), 0,
		    "migrate_pages(own pid, node %d to node %d)", node, node);
	TST_EXP_EXPR(!pages_on_node() && p[NPAGES * pg - 1] == 0x77,
		     "the pages stay on node %d with their data", node);

	pid = SAFE_FORK();
	if (!pid) {
		pause();
		exit(0);
	}
	TST_EXP_VAL(migrate_pages_raw(pid, NUMA_MAXNODE_IN, one.b, one.b), 0,
		    "migrate_pages(a child, node %d to node %d)", node, node);
	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);

	TST_EXP_FAIL(migrate_pages_raw(INT_MAX, NUMA_MAXNODE_IN, one.b,
				       one.b), ESRCH,
		     "migrate_pages(pid INT_MAX)");
	TST_EXP_FAIL(migrate_pages_raw(0, 8 * pg + 2, one.b, one.b), EINVAL,
		     "migrate_pages(maxnode PAGE_SIZE*8+2)");
	TST_EXP_FAIL(migrate_pages_raw(0, NUMA_MAXNODE_IN, one.b, other.b),
		     EINVAL, "migrate_pages(to node %d not allowed) as root",
		     bad_node);
	TST_EXP_FAIL(migrate_pages_raw(0, NUMA_MAXNODE_IN, unmapped, one.b),
		     EFAULT, "migrate_pages(old nodes at an unmapped address)");
	TST_EXP_FAIL(migrate_pages_raw(0, NUMA_MAXNODE_IN, one.b, unmapped),
		     EFAULT, "migrate_pages(new nodes at an unmapped address)");

	run_in_nobody_child(as_nobody, "the EPERM checks");
}

static void cleanup(void)
{
	if (p)
		SAFE_MUNMAP(p, NPAGES * pg);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.forks_child = 1,
	.needs_root = 1,
};
