// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sysfs(2), the old filesystem type query, against /proc/filesystems
 * (both walk the kernel's list of registered types in order): option 3
 * returns the number of lines, option 2 turns each index into the name
 * on that line, option 1 turns each name back into its index. A type
 * registered meanwhile (a module loaded by a test running in parallel)
 * changes the list: the comparison is retried until /proc/filesystems
 * reads the same before and after. EINVAL for an unknown name, an index
 * past the end, options 0 and 4; EFAULT for an unmapped name or buffer;
 * ENAMETOOLONG for a name longer than PATH_MAX.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include "tst_test.h"

#define MAX_FS 256

static char names[MAX_FS][64];
static void *bad_addr;
static char long_name[PATH_MAX + 2];

static long sys_sysfs(int option, unsigned long a1, unsigned long a2)
{
	return syscall(__NR_sysfs, option, a1, a2);
}

static int read_proc(char (*out)[64])
{
	char line[256], name[64];
	int n = 0;
	FILE *f = fopen("/proc/filesystems", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/filesystems)");
	while (fgets(line, sizeof(line), f) && n < MAX_FS) {
		if (sscanf(line, "nodev %63s", name) != 1 &&
		    sscanf(line, "%63s", name) != 1)
			continue;
		snprintf(out[n++], 64, "%s", name);
	}
	fclose(f);
	return n;
}

static char again[MAX_FS][64];

/* 0 when consistent, 1 when the list changed meanwhile, -1 on a mismatch. */
static int compare_once(char *why, size_t len)
{
	int n, n2, i;
	long count, idx;
	char buf[256];

	n = read_proc(names);
	count = sys_sysfs(3, 0, 0);
	for (i = 0; i < n; i++) {
		memset(buf, 0, sizeof(buf));
		if (sys_sysfs(2, i, (unsigned long)buf)) {
			snprintf(why, len, "sysfs(2, %d) failed: %s", i,
				 tst_strerrno(errno));
			break;
		}
		if (strcmp(buf, names[i])) {
			snprintf(why, len, "sysfs(2, %d) is '%.63s', line %d of "
				 "/proc/filesystems '%.63s'", i, buf, i + 1,
				 names[i]);
			break;
		}
		idx = sys_sysfs(1, (unsigned long)names[i], 0);
		if (idx != i) {
			snprintf(why, len, "sysfs(1, \"%.63s\") is %ld, expected "
				 "%d", names[i], idx, i);
			break;
		}
	}
	n2 = read_proc(again);
	if (n2 != n || memcmp(names, again, sizeof(names[0]) * n))
		return 1;
	if (i < n)
		return -1;
	if (count != n) {
		snprintf(why, len, "sysfs(3) is %ld, /proc/filesystems has %d "
			 "lines", count, n);
		return -1;
	}
	snprintf(why, len, "%d types", n);
	return 0;
}

static void test_consistent(void)
{
	char why[256];
	int tries, ret = 1;

	for (tries = 0; tries < 50 && ret == 1; tries++)
		ret = compare_once(why, sizeof(why));
	if (ret == 1)
		tst_brk(TBROK, "/proc/filesystems kept changing");
	TST_EXP_EXPR(ret == 0, "options 1, 2 and 3 agree with "
		     "/proc/filesystems: %s", why);
}

static void test_errors(void)
{
	char buf[256];
	long count = sys_sysfs(3, 0, 0);

	TST_EXP_FAIL(sys_sysfs(1, (unsigned long)"no-such-fs-ltp", 0), EINVAL,
		     "sysfs(1, \"no-such-fs-ltp\")");
	TST_EXP_FAIL(sys_sysfs(2, 100000, (unsigned long)buf), EINVAL,
		     "sysfs(2, index 100000)");
	TST_EXP_FAIL(sys_sysfs(2, count + 1000, (unsigned long)buf), EINVAL,
		     "sysfs(2, index %ld, past the end)", count + 1000);
	TST_EXP_FAIL(sys_sysfs(0, 0, 0), EINVAL, "sysfs(option 0)");
	TST_EXP_FAIL(sys_sysfs(4, 0, 0), EINVAL, "sysfs(option 4)");
	TST_EXP_FAIL(sys_sysfs(1, (unsigned long)bad_addr, 0), EFAULT,
		     "sysfs(1, unmapped name)");
	TST_EXP_FAIL(sys_sysfs(2, 0, (unsigned long)bad_addr), EFAULT,
		     "sysfs(2, 0, unmapped buffer)");
	TST_EXP_FAIL(sys_sysfs(1, (unsigned long)long_name, 0), ENAMETOOLONG,
		     "sysfs(1, name longer than PATH_MAX)");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_consistent();
	else
		test_errors();
}

static void setup(void)
{
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(long_name, 'a', sizeof(long_name) - 1);
	if (sys_sysfs(3, 0, 0) < 0 && errno == ENOSYS)
		tst_brk(TCONF, "no sysfs(2) (CONFIG_SYSFS_SYSCALL=n)");
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
};
