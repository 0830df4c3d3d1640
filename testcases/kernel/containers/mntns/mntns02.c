// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Mount propagation across clone(CLONE_NEWNS) (man 7
 * mount_namespaces): the child's copy of a mount keeps its propagation
 * type, so
 *  - under a shared mount, mounts made on either side appear on the
 *    other;
 *  - under a private mount, neither side sees the other's mounts;
 *  - under a mount the child made a slave, the parent's new mounts
 *    appear in the child, but the child's do not appear in the parent.
 * Everything runs under a private mount namespace of the test's own, so
 * nothing leaks to the system's mount table.
 */
#include <sys/mount.h>
#include "tst_test.h"
#include "ns_helpers.h"

static const char *const dirs[] = {"shared", "private", "slave"};

static void mount_with_file(const char *dir)
{
	char path[256];

	SAFE_MOUNT("ltp-mntns02", dir, "tmpfs", 0, NULL);
	snprintf(path, sizeof(path), "%s/file", dir);
	SAFE_FILE_PRINTF(path, "x");
}

static int has_file(const char *dir, const char *sub)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s/file", dir, sub);
	return access(path, F_OK) == 0;
}

static void child_main(void)
{
	char path[256];
	unsigned int i;

	SAFE_MOUNT("none", "slave", NULL, MS_SLAVE, NULL);
	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		snprintf(path, sizeof(path), "%s/by_child", dirs[i]);
		mount_with_file(path);
	}
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);

	TST_EXP_EXPR(has_file("shared", "by_parent"),
		     "shared: the parent's new mount appears in the child");
	TST_EXP_EXPR(!has_file("private", "by_parent"),
		     "private: the parent's new mount stays out of the child");
	TST_EXP_EXPR(has_file("slave", "by_parent"),
		     "slave: the parent's new mount appears in the child");
}

static void outer_main(void)
{
	char path[256];
	unsigned int i;
	pid_t pid;

	if (unshare(CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS)");
	SAFE_MOUNT("none", "/", NULL, MS_REC | MS_PRIVATE, NULL);
	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		SAFE_MOUNT("ltp-mntns02", dirs[i], "tmpfs", 0, NULL);
		snprintf(path, sizeof(path), "%s/by_child", dirs[i]);
		SAFE_MKDIR(path, 0755);
		snprintf(path, sizeof(path), "%s/by_parent", dirs[i]);
		SAFE_MKDIR(path, 0755);
	}
	SAFE_MOUNT("none", "shared", NULL, MS_SHARED, NULL);
	SAFE_MOUNT("none", "private", NULL, MS_PRIVATE, NULL);
	SAFE_MOUNT("none", "slave", NULL, MS_SHARED, NULL);

	pid = SAFE_NS_FORK(CLONE_NEWNS);
	if (!pid) {
		child_main();
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_EXPR(has_file("shared", "by_child"),
		     "shared: the child's mount appears in the parent");
	TST_EXP_EXPR(!has_file("private", "by_child"),
		     "private: the child's mount stays out of the parent");
	TST_EXP_EXPR(!has_file("slave", "by_child"),
		     "slave: the child's mount stays out of the parent");
	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		snprintf(path, sizeof(path), "%s/by_parent", dirs[i]);
		mount_with_file(path);
	}
	TST_CHECKPOINT_WAKE(1);
	NS_REAP(pid);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		outer_main();
		exit(0);
	}
	NS_REAP(pid);
}

static void setup(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(dirs); i++)
		SAFE_MKDIR(dirs[i], 0755);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_checkpoints = 1,
};
