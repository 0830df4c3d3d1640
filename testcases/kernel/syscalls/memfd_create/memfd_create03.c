// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * memfd_create() errors and the flags beyond the basic ones:
 *
 *   EINVAL  an unknown flag; a MFD_HUGE_* size without MFD_HUGETLB; a name
 *           of 250 bytes (249, NAME_MAX less "memfd:", is the longest);
 *           MFD_EXEC together with MFD_NOEXEC_SEAL (6.3)
 *   EFAULT  a name pointer into kernel space or an unmapped page
 *   EMFILE  no free descriptor under RLIMIT_NOFILE
 *
 * - MFD_HUGETLB (4.14) makes a hugetlbfs file whose st_blksize is the
 *   default huge page size; when huge pages are free (this test never
 *   reserves any) a huge page can be mapped and written. TCONF without
 *   hugetlbfs or free huge pages.
 * - MFD_NOEXEC_SEAL (6.3) makes a file without execute permission that
 *   carries F_SEAL_EXEC and is sealable; MFD_EXEC keeps execute
 *   permission. TCONF before 6.3 or when vm.memfd_noexec is not 0.
 */
#include <limits.h>
#include <sys/resource.h>
#include "vm_helpers.h"
#include "lapi/memfd.h"
#include "lapi/fcntl.h"

static size_t pg;
static char long_name[251];
static void *unmapped;

static void setup(void)
{
	pg = vm_page_size();
	unmapped = free_range(pg);
	memset(long_name, 'n', 250);
}

static void test_errors(void)
{
	int fd;

	TST_EXP_FAIL(memfd_create("bad", 0x100), EINVAL,
		     "memfd_create(flags 0x100)");
	TST_EXP_FAIL(memfd_create("bad", MFD_HUGE_2MB), EINVAL,
		     "memfd_create(MFD_HUGE_2MB without MFD_HUGETLB)");
	TST_EXP_FAIL(memfd_create(long_name, 0), EINVAL,
		     "memfd_create() with a 250-byte name");
	long_name[249] = 0;
	TST_EXP_FD(memfd_create(long_name, 0),
		   "memfd_create() with a 249-byte name");
	long_name[249] = 'n';
	fd = TST_RET;
	if (fd >= 0)
		SAFE_CLOSE(fd);
	TST_EXP_FAIL(memfd_create((const char *)-4096L, 0), EFAULT,
		     "memfd_create() with a kernel-space name pointer");
	TST_EXP_FAIL(memfd_create(unmapped, 0), EFAULT,
		     "memfd_create() with the name in an unmapped page");
}

static void test_emfile(void)
{
	struct rlimit rl;
	pid_t pid = SAFE_FORK();
	int fd;

	if (pid) {
		wait_child(pid);
		return;
	}
	/* The lowest free descriptor becomes the limit: none is left. */
	fd = SAFE_OPEN("/dev/null", O_RDONLY);
	rl.rlim_cur = rl.rlim_max = fd;
	SAFE_CLOSE(fd);
	if (setrlimit(RLIMIT_NOFILE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE, %lu)",
			(unsigned long)rl.rlim_cur);
	TST_EXP_FAIL(memfd_create("emfile", 0), EMFILE,
		     "memfd_create() with RLIMIT_NOFILE used up");
	_exit(0);
}

static void test_hugetlb(void)
{
	long hp_kb, hp_free;
	struct stat st;
	unsigned char *p;
	int fd;

	if (!tst_fs_is_supported("hugetlbfs")) {
		tst_res(TCONF, "the kernel has no hugetlbfs");
		return;
	}
	hp_kb = tst_read_meminfo("Hugepagesize:");
	TST_EXP_FD(memfd_create("huge", MFD_HUGETLB | MFD_ALLOW_SEALING),
		   "memfd_create(MFD_HUGETLB | MFD_ALLOW_SEALING)");
	if (!TST_PASS)
		return;
	fd = TST_RET;
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(st.st_blksize == hp_kb * 1024, "st_blksize %ld is the "
		     "huge page size %ld", (long)st.st_blksize, hp_kb * 1024);

	hp_free = tst_read_meminfo("HugePages_Free:") -
		  tst_read_meminfo("HugePages_Rsvd:");
	if (hp_free < 1) {
		tst_res(TCONF, "no free huge page (this test never reserves "
			"any): mapping one is not checked");
		SAFE_CLOSE(fd);
		return;
	}
	SAFE_FTRUNCATE(fd, hp_kb * 1024);
	p = mmap(NULL, hp_kb * 1024, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED && errno == ENOMEM) {
		tst_res(TCONF, "the free huge page was taken meanwhile");
	} else if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "mmap() of a MFD_HUGETLB memfd");
	} else {
		p[0] = 1;
		p[hp_kb * 1024 - 1] = 2;
		TST_EXP_EXPR(p[0] == 1 && p[hp_kb * 1024 - 1] == 2,
			     "a huge page of the memfd is mapped and written");
		SAFE_MUNMAP(p, hp_kb * 1024);
	}
	SAFE_CLOSE(fd);
}

static void test_exec_flags(void)
{
	struct stat st;
	long noexec = 0;
	int fd;

	if (tst_kvercmp(6, 3, 0) < 0) {
		tst_res(TCONF, "MFD_EXEC and MFD_NOEXEC_SEAL need Linux 6.3");
		return;
	}
	if (tst_file_read_long("/proc/sys/vm/memfd_noexec", &noexec) &&
	    noexec) {
		tst_res(TCONF, "vm.memfd_noexec is %ld, the checks assume 0",
			noexec);
		return;
	}
	TST_EXP_FAIL(memfd_create("both", MFD_EXEC | MFD_NOEXEC_SEAL), EINVAL,
		     "memfd_create(MFD_EXEC | MFD_NOEXEC_SEAL)");

	TST_EXP_FD(memfd_create("noexec", MFD_NOEXEC_SEAL),
		   "memfd_create(MFD_NOEXEC_SEAL)");
	if (TST_PASS) {
		fd = TST_RET;
		SAFE_FSTAT(fd, &st);
		TST_EXP_EXPR(!(st.st_mode & 0111) &&
			     (fcntl(fd, F_GET_SEALS) & F_SEAL_EXEC) &&
			     !fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK),
			     "no execute bit (mode %04o), F_SEAL_EXEC set, "
			     "more seals can be added",
			     (unsigned int)st.st_mode & 07777);
		SAFE_CLOSE(fd);
	}

	TST_EXP_FD(memfd_create("exec", MFD_EXEC), "memfd_create(MFD_EXEC)");
	if (TST_PASS) {
		fd = TST_RET;
		SAFE_FSTAT(fd, &st);
		TST_EXP_EXPR((st.st_mode & 0111) == 0111, "MFD_EXEC keeps the "
			     "execute bits (mode %04o)",
			     (unsigned int)st.st_mode & 07777);
		SAFE_CLOSE(fd);
	}
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_errors();
		break;
	case 1:
		test_emfile();
		break;
	case 2:
		test_hugetlb();
		break;
	case 3:
		test_exec_flags();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};
