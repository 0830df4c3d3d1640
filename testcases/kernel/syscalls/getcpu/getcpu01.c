// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The getcpu(2) system call (raw: the C library may answer from the vDSO)
 * names the CPU and NUMA node the caller runs on:
 * - pinned to each CPU it may use (up to 8), it returns that CPU, and the
 *   node whose /sys/devices/system/cpu/cpuN/nodeM link exists (0 without
 *   such links);
 * - NULL for either pointer is allowed;
 * - a cpu or node pointer into unmapped memory is EFAULT.
 */
#include <sched.h>
#include <stdlib.h>
#include <dirent.h>
#include "tst_test.h"
#include "proc_ids.h"

static long sys_getcpu(unsigned int *cpu, unsigned int *node)
{
	return tst_syscall(__NR_getcpu, cpu, node, NULL);
}

/* The node of cpu per sysfs; 0 when there are no nodeM links. */
static int sysfs_node(int cpu)
{
	char path[64];
	struct dirent *d;
	int node = 0;
	DIR *dir;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d", cpu);
	dir = opendir(path);
	if (!dir)
		return 0;
	while ((d = readdir(dir)))
		if (sscanf(d->d_name, "node%d", &node) == 1)
			break;
	closedir(dir);
	return node;
}

static void run(void)
{
	unsigned int cpu, node;
	cpu_set_t start, one;
	int c, n = 0;

	if (sched_getaffinity(0, sizeof(start), &start))
		tst_brk(TBROK | TERRNO, "sched_getaffinity()");

	if (!SAFE_FORK()) {
		for (c = 0; c < CPU_SETSIZE && n < 8; c++) {
			if (!CPU_ISSET(c, &start))
				continue;
			n++;
			CPU_ZERO(&one);
			CPU_SET(c, &one);
			if (sched_setaffinity(0, sizeof(one), &one))
				tst_brk(TBROK | TERRNO, "pin to CPU %d", c);
			cpu = node = -1;
			TST_EXP_PASS(sys_getcpu(&cpu, &node),
				     "getcpu() pinned to CPU %d", c);
			TST_EXP_EXPR((int)cpu == c &&
				     (int)node == sysfs_node(c),
				     "getcpu() says CPU %u node %u (expected "
				     "%d, %d)", cpu, node, c, sysfs_node(c));
		}
		exit(0);
	}
	tst_reap_children();

	TST_EXP_PASS(sys_getcpu(NULL, &node), "getcpu(NULL, &node)");
	TST_EXP_PASS(sys_getcpu(&cpu, NULL), "getcpu(&cpu, NULL)");
	TST_EXP_FAIL(sys_getcpu(unmapped_addr(), &node), EFAULT,
		     "getcpu(unmapped cpu)");
	TST_EXP_FAIL(sys_getcpu(&cpu, unmapped_addr()), EFAULT,
		     "getcpu(unmapped node)");
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};
