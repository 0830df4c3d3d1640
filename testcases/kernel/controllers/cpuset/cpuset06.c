// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cpuset.cpus.exclusive (6.7+) between two sibling cgroups a and b of the
 * test's own cgroup (kernel/cgroup/cpuset.c: update_exclusive_cpumask(),
 * validate_change(); Documentation/admin-guide/cgroup-v2.rst):
 *  - empty in a new cgroup; "1" in a reads back "1"; a's
 *    cpuset.cpus.exclusive.effective stays empty, as a subset of its
 *    parent's, which is no partition root and has none;
 *  - the exclusivity rule: "1" and "0-1" in b are EINVAL while a holds 1,
 *    b's value kept empty; the disjoint "0" is accepted and cleared again
 *    by an empty write;
 *  - a cannot take exclusive CPUs that would cover all of the
 *    cpuset.cpus of a sibling without exclusive CPUs ("1" in a EINVAL
 *    while b has cpuset.cpus 1); the other way round v2 accepts b's
 *    cpuset.cpus "1" (update_cpumask() only invalidates conflicting
 *    partitions, there are none) and a keeps "1";
 *  - parsing: a CPU number past the mask ("100000") ERANGE, "1-0" and a
 *    word EINVAL, the value kept;
 *  - removing a releases its CPU: b takes "1".
 * Works below the test's own cgroup only, so no partition or exclusive
 * CPU of another test is involved. 6.1 has no such file: TCONF.
 * Would catch: exclusive CPUs handed to two siblings, a sibling left
 * with no usable CPU, exclusive CPUs not released at rmdir, parsing
 * that accepts bad lists or changes the value on error.
 */
#include "tst_test.h"
#include "cgroup2.h"

static void read_val(const char *rel, const char *file, char *buf,
		     size_t size)
{
	char path[PATH_MAX];
	int fd;
	ssize_t n;

	cg_path(path, sizeof(path), rel, file);
	fd = SAFE_OPEN(path, O_RDONLY);
	n = SAFE_READ(0, fd, buf, size - 1);
	SAFE_CLOSE(fd);
	buf[n] = 0;
	buf[strcspn(buf, "\n")] = 0;
}

static void expect_val(const char *rel, const char *file, const char *want)
{
	char buf[256];

	read_val(rel, file, buf, sizeof(buf));
	TST_EXP_EXPR(!strcmp(buf, want), "%s/%s reads '%s', '%s' expected",
		     rel, file, buf, want);
}

static void expect_err(const char *rel, const char *file, const char *val,
		       int err)
{
	int ret = cg_write_err(rel, file, val);

	TST_EXP_EXPR(ret == err, "'%s' to %s/%s: %s, %s expected", val, rel,
		     file, tst_strerrno(ret), tst_strerrno(err));
}

#define XCPUS "cpuset.cpus.exclusive"

static void run(void)
{
	cg_mkdir("a");
	cg_mkdir("b");
	expect_val("a", XCPUS, "");
	expect_val("b", XCPUS, "");

	expect_err("a", XCPUS, "1", 0);
	expect_val("a", XCPUS, "1");
	expect_val("a", XCPUS ".effective", "");

	expect_err("b", XCPUS, "1", EINVAL);
	expect_err("b", XCPUS, "0-1", EINVAL);
	expect_val("b", XCPUS, "");
	expect_err("b", XCPUS, "0", 0);
	expect_val("b", XCPUS, "0");
	expect_err("b", XCPUS, "\n", 0);
	expect_val("b", XCPUS, "");

	/* v2 never refuses cpuset.cpus for exclusivity (update_cpumask()) */
	expect_err("b", "cpuset.cpus", "1", 0);
	expect_val("b", "cpuset.cpus", "1");
	expect_val("a", XCPUS, "1");
	expect_err("b", "cpuset.cpus", "\n", 0);

	expect_err("a", XCPUS, "\n", 0);
	expect_err("b", "cpuset.cpus", "1", 0);
	expect_err("a", XCPUS, "1", EINVAL);
	expect_val("a", XCPUS, "");
	expect_err("b", "cpuset.cpus", "\n", 0);
	expect_err("a", XCPUS, "1", 0);

	expect_err("a", XCPUS, "100000", ERANGE);
	expect_err("a", XCPUS, "1-0", EINVAL);
	expect_err("a", XCPUS, "one", EINVAL);
	expect_val("a", XCPUS, "1");

	cg_rmdir("a");
	expect_err("b", XCPUS, "1", 0);
	expect_val("b", XCPUS, "1");
	cg_rmdir("b");
}

static void setup(void)
{
	static const char *const ctrl[] = { "cpuset", NULL };

	long ncpus = sysconf(_SC_NPROCESSORS_ONLN);

	if (ncpus < 2)
		tst_brk(TCONF, "needs 2 CPUs, %ld online", ncpus);
	cg_setup(ctrl, 1);
	cg_require_file(XCPUS, "cpuset.cpus.exclusive came with 6.7");
}

static void cleanup(void)
{
	cg_cleanup();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
