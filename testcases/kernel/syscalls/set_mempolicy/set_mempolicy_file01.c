// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The thread's memory policy governs file-backed pages too, on ext4 and
 * on tmpfs. Under MPOL_BIND, MPOL_PREFERRED and MPOL_INTERLEAVE to a
 * node this process may use (the first of Mems_allowed):
 * - page cache filled by write() and page cache first faulted in by a
 *   store through a MAP_SHARED mapping both sit on that node
 *   (get_mempolicy(MPOL_F_NODE|MPOL_F_ADDR)), and read back intact;
 * - the mapping itself has no policy of its own (get_mempolicy(
 *   MPOL_F_ADDR) is MPOL_DEFAULT with no nodes), whatever the thread's;
 * - mbind(MPOL_BIND) on the mapping: on tmpfs the policy belongs to the
 *   file (shmem's shared policy), so a second mapping of it reports
 *   MPOL_BIND; on ext4 it belongs to the mapping alone and the second
 *   mapping reports MPOL_DEFAULT.
 * Syscalls: set_mempolicy, get_mempolicy, mbind
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <unistd.h>
#include "numa_raw.h"
#include "mount_ns.h"

#define EXT4 "ext4"
#define TMPFS "tmpfs"
#define NPAGES 8

static size_t pg;
static int node;
static struct numa_mask one;
static char *buf;

static const int modes[] = { MPOL_BIND, MPOL_PREFERRED, MPOL_INTERLEAVE };

/* Every page of [addr, +NPAGES pages) on node, holding byte c. */
static void check_pages(char *addr, int c, const char *what)
{
	int i, j, n, bad = 0;

	for (i = 0; i < NPAGES && !bad; i++) {
		n = numa_node_of(addr + i * pg);
		if (n != node) {
			tst_res(TFAIL, "%s: page %d on node %d, expected %d",
				what, i, n, node);
			bad = 1;
		}
		for (j = 0; j < (int)pg && !bad; j++) {
			if (addr[i * pg + j] != (char)(c + i)) {
				tst_res(TFAIL, "%s: page %d byte %d is 0x%x, "
					"expected 0x%x", what, i, j,
					addr[i * pg + j], (char)(c + i));
				bad = 1;
			}
		}
	}
	if (!bad)
		tst_res(TPASS, "%s: %d pages on node %d, data intact", what,
			NPAGES, node);
}

static void test_mode(const char *dir, int mode)
{
	const char *name = numa_mode_name(mode);
	size_t len = NPAGES * pg;
	char path[64], what[128];
	char *map, *map2;
	int fd, i;

	snprintf(path, sizeof(path), "%s/file", dir);
	if (set_mempolicy_raw(mode, one.b, NUMA_MAXNODE_IN))
		tst_brk(TBROK | TERRNO, "set_mempolicy(%s, node %d)", name,
			node);

	/* page cache allocated by write() */
	fd = SAFE_OPEN(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	for (i = 0; i < NPAGES; i++) {
		memset(buf, 'a' + i, pg);
		SAFE_WRITE(1, fd, buf, pg);
	}
	map = SAFE_MMAP(NULL, 2 * len, PROT_READ | PROT_WRITE, MAP_SHARED,
			fd, 0);
	snprintf(what, sizeof(what), "%s %s: written by write()", dir, name);
	check_pages(map, 'a', what);

	/* page cache allocated by the write fault of a shared mapping */
	SAFE_FTRUNCATE(fd, 2 * len);
	for (i = 0; i < NPAGES; i++)
		memset(map + len + i * pg, 'A' + i, pg);
	if (msync(map, 2 * len, MS_SYNC))
		tst_brk(TBROK | TERRNO, "msync()");
	snprintf(what, sizeof(what), "%s %s: faulted in by a store", dir,
		 name);
	check_pages(map + len, 'A', what);

	snprintf(what, sizeof(what), "%s %s: the mapping's own policy", dir,
		 name);
	expect_policy(map, MPOL_DEFAULT, NULL, what);

	TST_EXP_PASS(mbind_raw(map, 2 * len, MPOL_BIND, one.b,
			       NUMA_MAXNODE_IN, 0),
		     "%s: mbind(MPOL_BIND) on the mapping", dir);
	snprintf(what, sizeof(what), "%s %s: the mbind()ed mapping", dir,
		 name);
	expect_policy(map, MPOL_BIND, &one, what);
	map2 = SAFE_MMAP(NULL, 2 * len, PROT_READ, MAP_SHARED, fd, 0);
	snprintf(what, sizeof(what), "%s %s: another mapping of the file",
		 dir, name);
	if (!strcmp(dir, TMPFS))
		expect_policy(map2, MPOL_BIND, &one, what);
	else
		expect_policy(map2, MPOL_DEFAULT, NULL, what);

	SAFE_MUNMAP(map2, 2 * len);
	SAFE_MUNMAP(map, 2 * len);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(path);
	if (set_mempolicy_raw(MPOL_DEFAULT, NULL, 0))
		tst_brk(TBROK | TERRNO, "set_mempolicy(MPOL_DEFAULT)");
}

static void run(unsigned int n)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(modes); i++)
		test_mode(n ? TMPFS : EXT4, modes[i]);
}

static void setup(void)
{
	struct numa_mask allowed = numa_allowed();

	pg = getpagesize();
	node = numa_first(&allowed);
	one = numa_mask_of(node);
	tst_res(TINFO, "using node %d", node);
	buf = SAFE_MALLOC(pg);
	mnt_private_ns();
	SAFE_MKDIR(TMPFS, 0755);
	SAFE_MOUNT("ltp_set_mempolicy_file01", TMPFS, "tmpfs", 0, NULL);
}

static void cleanup(void)
{
	free(buf);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.mount_device = 1,
	.mntpoint = EXT4,
	.dev_fs_type = "ext4",
	.dev_min_size_mb = 64,
};
