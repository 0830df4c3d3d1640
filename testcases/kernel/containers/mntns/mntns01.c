// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A new mount namespace starts with a copy of its parent's mounts, and
 * from then on the two tables are apart (with private propagation):
 *  - the child sees the tmpfs its parent had mounted, and the file in it;
 *  - a tmpfs the child mounts is not in the parent's namespace;
 *  - the child's umount of the copied tmpfs does not unmount the
 *    parent's;
 *  - /proc/self/mountinfo of each lists its own mounts only.
 * Everything runs under a private mount namespace of the test's own, so
 * nothing leaks to the system's mount table.
 */
#include <sys/mount.h>
#include "tst_test.h"
#include "ns_helpers.h"

/* 1 when /proc/self/mountinfo has a mount whose mount point ends in dir */
static int in_mountinfo(const char *dir)
{
	char line[1024], point[512], want[512];
	int found = 0;
	FILE *f = fopen("/proc/self/mountinfo", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/mountinfo)");
	snprintf(want, sizeof(want), "%s/%s", tst_tmpdir_path, dir);
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "%*s %*s %*s %*s %511s", point) == 1 &&
			!strcmp(point, want);
	fclose(f);
	return found;
}

static void child_main(void)
{
	TST_EXP_PASS(access("parent/file", F_OK),
		     "the child sees the parent's tmpfs and its file");
	SAFE_MOUNT("ltp-mntns01", "child", "tmpfs", 0, NULL);
	SAFE_FILE_PRINTF("child/file", "x");
	SAFE_UMOUNT("parent");
	TST_EXP_FAIL(access("parent/file", F_OK), ENOENT,
		     "the copy of the parent's tmpfs is unmounted in the child");
	TST_EXP_EXPR(in_mountinfo("child") && !in_mountinfo("parent"),
		     "the child's mountinfo has its tmpfs, not the parent's");
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);
}

static void outer_main(void)
{
	pid_t pid;

	if (unshare(CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS)");
	SAFE_MOUNT("none", "/", NULL, MS_REC | MS_PRIVATE, NULL);
	SAFE_MOUNT("ltp-mntns01", "parent", "tmpfs", 0, NULL);
	SAFE_FILE_PRINTF("parent/file", "x");

	pid = SAFE_NS_FORK(CLONE_NEWNS);
	if (!pid) {
		child_main();
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_FAIL(access("child/file", F_OK), ENOENT,
		     "the child's tmpfs is not in the parent's namespace");
	TST_EXP_PASS(access("parent/file", F_OK),
		     "the parent's tmpfs survived the child's umount");
	TST_EXP_EXPR(in_mountinfo("parent") && !in_mountinfo("child"),
		     "the parent's mountinfo has its tmpfs, not the child's");
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
	SAFE_MKDIR("parent", 0755);
	SAFE_MKDIR("child", 0755);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_checkpoints = 1,
};
