// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io.weight of the iocost controller (block/blk-iocost.c
 * ioc_weight_write(), block/blk-cgroup.c blkg_conf_prep()):
 *  - a new cgroup reads "default 100" and no device line;
 *  - "default N" and a bare "N" set the default for N = 1 and 10000 and
 *    read back as "default N"; 0, 10001, -1 (taken by %u as 4294967295)
 *    and a word are EINVAL and leave the default as it was;
 *  - a per-device weight on the test's loop device, where iocost is not
 *    enabled (no io.cost.qos line turned it on), is EOPNOTSUPP whatever
 *    the value, and adds no line; a device that does not exist (0:0) is
 *    ENODEV;
 *  - the root cgroup has no io.weight, a child no io.cost.qos.
 */
#include <errno.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include "tst_test.h"
#include "cgroup2.h"

static char devno[32];

static void read_weight(char *out, size_t size)
{
	char path[PATH_MAX];
	size_t len;
	int fd;

	cg_path(path, sizeof(path), "w", "io.weight");
	fd = SAFE_OPEN(path, O_RDONLY);
	len = SAFE_READ(0, fd, out, size - 1);
	out[len] = 0;
	SAFE_CLOSE(fd);
}

static void expect(const char *val, int exp, const char *readback)
{
	char buf[256];
	int err = cg_write_err("w", "io.weight", val);

	read_weight(buf, sizeof(buf));
	TST_EXP_EXPR(err == exp && !strcmp(buf, readback),
		     "io.weight \"%s\": %s (expected %s), reads \"%.*s\"", val,
		     tst_strerrno(err), tst_strerrno(exp),
		     (int)strcspn(buf, "\n"), buf);
}

static void run(void)
{
	char val[64], path[PATH_MAX + 32];

	cg_mkdir("w");
	expect("default 100", 0, "default 100\n");
	expect("default 1", 0, "default 1\n");
	expect("10000", 0, "default 10000\n");
	expect("0", EINVAL, "default 10000\n");
	expect("default 0", EINVAL, "default 10000\n");
	expect("10001", EINVAL, "default 10000\n");
	expect("-1", EINVAL, "default 10000\n");
	expect("heavy", EINVAL, "default 10000\n");
	expect("250", 0, "default 250\n");

	snprintf(val, sizeof(val), "%s 200", devno);
	expect(val, EOPNOTSUPP, "default 250\n");
	snprintf(val, sizeof(val), "%s 0", devno);
	expect(val, EOPNOTSUPP, "default 250\n");
	snprintf(val, sizeof(val), "%s default", devno);
	expect(val, EOPNOTSUPP, "default 250\n");
	expect("0:0 200", ENODEV, "default 250\n");
	cg_rmdir("w");

	snprintf(path, sizeof(path), "%s/io.weight", cg_root);
	TST_EXP_FAIL(access(path, F_OK), ENOENT, "root cgroup's io.weight");
	cg_path(path, sizeof(path), "", "io.cost.qos");
	TST_EXP_FAIL(access(path, F_OK), ENOENT, "a child's io.cost.qos");
}

static void setup(void)
{
	static const char *const ctrls[] = {"io", NULL};
	char path[PATH_MAX + 32], line[256];
	struct stat st;
	FILE *f;

	SAFE_STAT(tst_device->dev, &st);
	snprintf(devno, sizeof(devno), "%u:%u", major(st.st_rdev),
		 minor(st.st_rdev));
	cg_setup(ctrls, 1);
	cg_require_file("io.weight", "no iocost (CONFIG_BLK_CGROUP_IOCOST)");

	/* iocost must be off on the device for the EOPNOTSUPP part */
	snprintf(path, sizeof(path), "%s/io.cost.qos", cg_root);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, devno, strlen(devno)) &&
		    line[strlen(devno)] == ' ' && strstr(line, "enable=1"))
			tst_brk(TCONF, "iocost is enabled on %s", devno);
	fclose(f);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_BLK_CGROUP", "CONFIG_BLK_CGROUP_IOCOST", NULL
	},
};
