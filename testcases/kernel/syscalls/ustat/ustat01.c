// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ustat(2) (glibc dropped its wrapper; made with syscall()): still
 * implemented on x86-64 (fs/statfs.c in 6.1 and 6.12), it answers for the
 * filesystem whose st_dev is given: f_tfree is statfs()'s f_bfree (as a
 * 32-bit int), f_tinode its f_ffree, f_fname and f_fpack are zeroed; on
 * the test directory's filesystem and on procfs (an anonymous device).
 * The free counts can change under a parallel test: the comparison is
 * retried until statfs() reads the same before and after. EINVAL for a
 * device no mounted filesystem has (0:0 and /dev/null's 1:3), EFAULT for
 * an unmapped buffer.
 */
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include "tst_test.h"
#include "lapi/ustat.h"

static void *bad_addr;

static long sys_ustat(unsigned int dev, struct kustat *buf)
{
	return syscall(__NR_ustat, dev, buf);
}

static void check_fs(const char *path)
{
	struct statfs before, after;
	struct kustat u;
	struct stat st;
	int tries, zero;
	long ret = 0;

	SAFE_STAT(path, &st);
	for (tries = 0; tries < 100; tries++) {
		if (statfs(path, &before))
			tst_brk(TBROK | TERRNO, "statfs(%s)", path);
		memset(&u, 0x5a, sizeof(u));
		ret = sys_ustat(st.st_dev, &u);
		if (statfs(path, &after))
			tst_brk(TBROK | TERRNO, "statfs(%s)", path);
		if (ret || (before.f_bfree == after.f_bfree &&
			    before.f_ffree == after.f_ffree))
			break;
	}
	if (ret) {
		tst_res(TFAIL | TERRNO, "ustat(%u:%u, the device of %s)",
			major(st.st_dev), minor(st.st_dev), path);
		return;
	}
	if (tries == 100)
		tst_brk(TBROK, "the free counts of %s kept changing", path);
	tst_res(TPASS, "ustat(%u:%u, the device of %s) returned 0",
		major(st.st_dev), minor(st.st_dev), path);
	TST_EXP_EXPR(u.f_tfree == (int)before.f_bfree &&
		     u.f_tinode == (unsigned long)before.f_ffree,
		     "%s: f_tfree %d, f_tinode %lu are statfs()'s f_bfree %lu, "
		     "f_ffree %lu", path, u.f_tfree, u.f_tinode,
		     (unsigned long)before.f_bfree,
		     (unsigned long)before.f_ffree);
	zero = !memcmp(u.f_fname, "\0\0\0\0\0\0", 6) &&
	       !memcmp(u.f_fpack, "\0\0\0\0\0\0", 6);
	TST_EXP_EXPR(zero, "%s: f_fname and f_fpack are zeroed", path);
}

static void test_fs(void)
{
	check_fs(".");
	check_fs("/proc");
}

static void test_errors(void)
{
	struct kustat u;
	struct stat st;

	TST_EXP_FAIL(sys_ustat(0, &u), EINVAL, "ustat(0:0)");
	SAFE_STAT("/dev/null", &st);
	TST_EXP_FAIL(sys_ustat(st.st_rdev, &u), EINVAL,
		     "ustat(%u:%u, /dev/null's device number)",
		     major(st.st_rdev), minor(st.st_rdev));
	SAFE_STAT(".", &st);
	TST_EXP_FAIL(sys_ustat(st.st_dev, bad_addr), EFAULT,
		     "ustat(test directory's device, unmapped buffer)");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_fs();
	else
		test_errors();
}

static void setup(void)
{
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
