// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MFD_HUGETLB memfds (two 2 MiB huge pages reserved, restored after):
 * - MFD_HUGETLB | MFD_HUGE_<size> (log2 of the size << 26) succeeds for
 *   each huge page size /sys/kernel/mm/hugepages lists and fails for
 *   each it does not (64 KiB ... 16 GiB): ENODEV (no hstate of that
 *   size), or ENOENT (a size without a hugetlbfs mount, seen on
 *   Debian's 6.1);
 * - the file's st_blksize is the huge page size; write() is EINVAL
 *   (hugetlbfs has no write path); ftruncate() to one huge page works,
 *   to a size that is not a multiple of it is EINVAL;
 * - mapped MAP_SHARED, a store shows through a second mapping and
 *   through read(); the page counts against HugePages_Free until
 *   ftruncate(0) gives it back.
 * Syscalls: memfd_create
 */
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "lapi/memfd.h"

#define HP (2L << 20)

static long sys_memfd(const char *name, unsigned int flags)
{
	return tst_syscall(__NR_memfd_create, name, flags);
}

static void sizes(void)
{
	static const unsigned int shifts[] = { 16, 19, 21, 23, 24, 28, 30,
					       31, 34 };
	char path[128];
	unsigned int i;
	long fd;

	for (i = 0; i < sizeof(shifts) / sizeof(shifts[0]); i++) {
		snprintf(path, sizeof(path), "/sys/kernel/mm/hugepages/"
			 "hugepages-%lukB", (1UL << shifts[i]) >> 10);
		fd = sys_memfd("hp", MFD_HUGETLB | (shifts[i] << 26));
		if (!access(path, F_OK)) {
			TST_EXP_EXPR(fd >= 0, "MFD_HUGE_%lukB (supported)",
				     (1UL << shifts[i]) >> 10);
		} else {
			TST_EXP_EXPR(fd < 0 && (errno == ENODEV ||
						errno == ENOENT),
				     "MFD_HUGE_%lukB (unsupported) fails: %s",
				     (1UL << shifts[i]) >> 10,
				     fd < 0 ? tst_strerrno(errno) : "ok");
		}
		if (fd >= 0)
			SAFE_CLOSE(fd);
	}
}

static void file(void)
{
	char *a, *b, buf[8];
	struct stat st;
	long free0;
	int fd;

	fd = sys_memfd("hp", MFD_HUGETLB | MFD_HUGE_2MB);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "memfd_create(MFD_HUGE_2MB)");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_blksize, HP);
	TST_EXP_FAIL(write(fd, "x", 1), EINVAL, "write() to a hugetlb memfd");
	TST_EXP_FAIL(ftruncate(fd, HP + 4096), EINVAL,
		     "ftruncate() to 2 MiB + 4 KiB");
	TST_EXP_PASS(ftruncate(fd, HP), "ftruncate() to 2 MiB");
	free0 = tst_read_meminfo("HugePages_Free:");
	a = SAFE_MMAP(NULL, HP, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	b = SAFE_MMAP(NULL, HP, PROT_READ, MAP_SHARED, fd, 0);
	memcpy(a + HP - 8, "hugedat", 8);
	TST_EXP_EXPR(!memcmp(b + HP - 8, "hugedat", 8),
		     "a store shows through the second mapping");
	TST_EXP_VAL(pread(fd, buf, 8, HP - 8), 8, "pread() of the memfd");
	TST_EXP_EXPR(!memcmp(buf, "hugedat", 8), "read() sees the store");
	TST_EXP_EQ_LI(tst_read_meminfo("HugePages_Free:"), free0 - 1);
	SAFE_MUNMAP(a, HP);
	SAFE_MUNMAP(b, HP);
	TST_EXP_PASS(ftruncate(fd, 0), "ftruncate() to 0");
	TST_EXP_EQ_LI(tst_read_meminfo("HugePages_Free:"), free0);
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	if (!n)
		sizes();
	else
		file();
}

static void setup(void)
{
	if (access("/sys/kernel/mm/hugepages/hugepages-2048kB", F_OK))
		tst_brk(TCONF, "no 2 MiB huge pages");
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.hugepages = { 2, TST_NEEDS },
};
