// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * move_pages() errors (mm/migrate.c kernel_move_pages(), find_mm_struct(),
 * do_pages_move(), do_pages_stat()):
 *
 * - EINVAL: a flag other than MPOL_MF_MOVE and MPOL_MF_MOVE_ALL.
 * - ESRCH: a pid no process has.
 * - ENODEV: a target node that is negative, past the node limit, or a
 *   node without memory.
 * - EFAULT: a page array or a node array that cannot be read, a status
 *   array that cannot be written.
 * - EPERM, as nobody: MPOL_MF_MOVE_ALL (no CAP_SYS_NICE), and another
 *   user's process (ptrace read access denied).
 * A page is not touched by a failed move: its status stays as it was.
 */
#include <fcntl.h>
#include <limits.h>
#include <sys/mman.h>
#include "numa_raw.h"
#include "as_nobody.h"

static size_t pg;
static int node, no_mem_node;
static char *p, *unmapped;
static void *pages[1];
static pid_t parent;

/* The first node without memory, from /sys (N_MEMORY). */
static int first_node_without_memory(void)
{
	const char *path = "/sys/devices/system/node/has_memory";
	struct numa_mask m;
	char buf[4096], *s = buf;
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		tst_brk(TCONF | TERRNO, "open(%s)", path);
	n = SAFE_READ(0, fd, buf, sizeof(buf) - 1);

	SAFE_CLOSE(fd);
	buf[n] = 0;
	numa_mask_clear(&m);
	for (;;) {
		unsigned long lo, hi;

		while (*s == ',')
			s++;
		if (*s < '0' || *s > '9')
			break;
		lo = hi = strtoul(s, &s, 10);
		if (*s == '-')
			hi = strtoul(s + 1, &s, 10);
		for (; lo <= hi && lo < NUMA_MASK_BITS; lo++)
			numa_mask_set(&m, lo);
	}
	return numa_first_unset(&m);
}

static void setup(void)
{
	struct numa_mask allowed = numa_allowed();

	pg = getpagesize();
	node = numa_first(&allowed);
	no_mem_node = first_node_without_memory();
	tst_res(TINFO, "node %d, node %d has no memory", node, no_mem_node);
	parent = getpid();
	p = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	p[0] = 1;
	pages[0] = p;
	unmapped = SAFE_MMAP(NULL, pg, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, pg);
}

static void as_nobody(void)
{
	int status = -1000, nodes[1] = { node };

	TST_EXP_FAIL(move_pages_raw(0, 1, pages, nodes, &status,
				    MPOL_MF_MOVE_ALL), EPERM,
		     "move_pages(MPOL_MF_MOVE_ALL) as nobody");
	TST_EXP_FAIL(move_pages_raw(parent, 1, pages, NULL, &status, 0),
		     EPERM, "move_pages(root's process) as nobody");
}

static void expect_enodev(int target)
{
	int status = -1000, nodes[1] = { target };

	TST_EXP_FAIL(move_pages_raw(0, 1, pages, nodes, &status,
				    MPOL_MF_MOVE), ENODEV,
		     "move_pages(to node %d)", target);
	TST_EXP_EQ_LI(status, -1000);
}

static void run(void)
{
	int status = -1000, nodes[1] = { node };

	TST_EXP_FAIL(move_pages_raw(0, 1, pages, nodes, &status, 1 << 3),
		     EINVAL, "move_pages(flags 1<<3)");
	TST_EXP_FAIL(move_pages_raw(0, 1, pages, nodes, &status,
				    MPOL_MF_STRICT), EINVAL,
		     "move_pages(flags MPOL_MF_STRICT)");
	TST_EXP_FAIL(move_pages_raw(INT_MAX, 1, pages, NULL, &status, 0),
		     ESRCH, "move_pages(pid INT_MAX)");

	expect_enodev(-1);
	expect_enodev(1 << 20);
	expect_enodev(no_mem_node);

	TST_EXP_FAIL(move_pages_raw(0, 1, (void **)unmapped, NULL, &status,
				    0), EFAULT,
		     "move_pages(page array unmapped, nodes NULL)");
	TST_EXP_FAIL(move_pages_raw(0, 1, (void **)unmapped, nodes, &status,
				    MPOL_MF_MOVE), EFAULT,
		     "move_pages(page array unmapped)");
	TST_EXP_FAIL(move_pages_raw(0, 1, pages, (int *)unmapped, &status,
				    MPOL_MF_MOVE), EFAULT,
		     "move_pages(node array unmapped)");
	TST_EXP_FAIL(move_pages_raw(0, 1, pages, NULL, (int *)unmapped, 0),
		     EFAULT, "move_pages(status array unmapped, nodes NULL)");

	run_in_nobody_child(as_nobody, "the EPERM checks");
}

static void cleanup(void)
{
	if (p)
		SAFE_MUNMAP(p, pg);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.forks_child = 1,
};
