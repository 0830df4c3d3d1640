// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fs.mount-max, the limit on the mounts of one mount namespace (proc(5),
 * /proc/sys/fs/mount-max; fs/namespace.c
 * count_mounts(), fs/pnode.c propagate_one()), in private mount
 * namespaces of the test (the sysctl is global: saved, restored, and the
 * test runs alone):
 *  - with the limit at N + 2 (N: the namespace's mounts, from
 *    /proc/self/mountinfo), two tmpfs mounts succeed, the third is ENOSPC
 *    and the count is N + 2; after one umount a mount fits again;
 *  - a recursive bind of a tree of 3 mounts with 2 places free is ENOSPC
 *    and attaches nothing (count and target unchanged); with 3 free it
 *    attaches all 3;
 *  - a mount on a shared mount whose peer is in a full namespace Q is
 *    ENOSPC in the caller's namespace too, though that one has room, and
 *    neither namespace gains a mount; once Q unmounts one, the same
 *    mount succeeds and appears in both;
 *  - 0 and -1 are EINVAL (the minimum is 1), the value kept.
 * Would catch the limit off by one, a recursive bind or a propagation
 * attached in part past the limit, propagated copies not counted in the
 * receiving namespace, umounts not giving places back.
 */
#include <stdio.h>
#include <sys/mount.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "mount_ns.h"

#define MOUNT_MAX "/proc/sys/fs/mount-max"

static char orig_max[32];

#define MAX_MOUNTS 1024

/*
 * Mounts of the namespace of pid (0: self), as the kernel counts them:
 * the lines of its mountinfo, plus the parents that mountinfo names but
 * does not list. Those sit below the process's root: after switch_root
 * the initramfs's rootfs is still the namespace's root mount.
 */
static int ns_mounts(pid_t pid)
{
	static int ids[MAX_MOUNTS], parents[MAX_MOUNTS];
	char path[64], line[4096];
	int n = 0, hidden = 0, i, j, k;
	FILE *f;

	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/mountinfo", (int)pid);
	else
		snprintf(path, sizeof(path), "/proc/self/mountinfo");
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (n == MAX_MOUNTS)
			tst_brk(TBROK, "more than %d mounts in %s", n, path);
		if (sscanf(line, "%d %d", &ids[n], &parents[n]) != 2)
			tst_brk(TBROK, "%s: cannot parse '%s'", path, line);
		n++;
	}
	fclose(f);
	for (i = 0; i < n; i++) {
		for (j = 0; j < n && ids[j] != parents[i]; j++)
			;
		/* count each unlisted parent once */
		for (k = 0; k < i && parents[k] != parents[i]; k++)
			;
		if (j == n && k == i)
			hidden++;
	}
	return n + hidden;
}

static void set_max(int val)
{
	SAFE_FILE_PRINTF(MOUNT_MAX, "%d", val);
}

static int mount_tmpfs(const char *path)
{
	return mount("ltp-mntns06", path, "tmpfs", 0, NULL);
}

static void check_limit(void)
{
	int n = ns_mounts(0);

	set_max(n + 2);
	SAFE_MOUNT("ltp-mntns06", "d1", "tmpfs", 0, NULL);
	TST_EXP_PASS(mount_tmpfs("d2"), "mount %d of limit %d", n + 2, n + 2);
	TST_EXP_FAIL(mount_tmpfs("d3"), ENOSPC, "mount %d of limit %d",
		     n + 3, n + 2);
	TST_EXP_EQ_LI(ns_mounts(0), n + 2);
	TST_EXP_EQ_LI(mnt_count("d3"), 0);
	SAFE_UMOUNT("d2");
	TST_EXP_PASS(mount_tmpfs("d3"), "mount after an umount at the limit");
	TST_EXP_EQ_LI(ns_mounts(0), n + 2);
	set_max(atoi(orig_max));
	mnt_umount_all("d1");
	mnt_umount_all("d2");
	mnt_umount_all("d3");
}

static void check_rbind(void)
{
	int n;

	SAFE_MOUNT("ltp-mntns06", "tree", "tmpfs", 0, NULL);
	SAFE_MKDIR("tree/a", 0755);
	SAFE_MKDIR("tree/b", 0755);
	SAFE_MOUNT("ltp-mntns06", "tree/a", "tmpfs", 0, NULL);
	SAFE_MOUNT("ltp-mntns06", "tree/b", "tmpfs", 0, NULL);
	n = ns_mounts(0);

	set_max(n + 2);
	TST_EXP_FAIL(mount("tree", "dst", NULL, MS_BIND | MS_REC, NULL),
		     ENOSPC, "rbind of 3 mounts with 2 places free");
	TST_EXP_EXPR(ns_mounts(0) == n && mnt_count("dst") == 0,
		     "nothing attached (%d mounts, want %d)", ns_mounts(0), n);
	set_max(n + 3);
	TST_EXP_PASS(mount("tree", "dst", NULL, MS_BIND | MS_REC, NULL),
		     "rbind of 3 mounts with 3 places free");
	TST_EXP_EXPR(ns_mounts(0) == n + 3 && mnt_count("dst") == 1 &&
		     mnt_count("dst/a") == 1 && mnt_count("dst/b") == 1,
		     "all 3 attached (%d mounts, want %d)", ns_mounts(0),
		     n + 3);
	set_max(atoi(orig_max));
	umount2("dst", MNT_DETACH);
	umount2("tree", MNT_DETACH);
}

static void peer_main(void)
{
	SAFE_MOUNT("ltp-mntns06", "q1", "tmpfs", 0, NULL);
	SAFE_MOUNT("ltp-mntns06", "q2", "tmpfs", 0, NULL);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	SAFE_UMOUNT("q2");
	TST_CHECKPOINT_WAKE_AND_WAIT(1);
	exit(0);
}

static void check_propagation(void)
{
	int own, peer;
	pid_t q;

	SAFE_MOUNT("ltp-mntns06", "s", "tmpfs", 0, NULL);
	SAFE_MOUNT("none", "s", NULL, MS_SHARED, NULL);
	SAFE_MKDIR("s/x", 0755);
	q = SAFE_NS_FORK(CLONE_NEWNS);
	if (!q)
		peer_main();
	TST_CHECKPOINT_WAIT(0);
	own = ns_mounts(0);
	peer = ns_mounts(q);
	if (peer != own + 2)
		tst_brk(TBROK, "peer namespace has %d mounts, want %d",
			peer, own + 2);

	set_max(peer);
	TST_EXP_FAIL(mount_tmpfs("s/x"), ENOSPC,
		     "mount on a shared mount whose peer namespace is full "
		     "(%d of %d; ours %d)", peer, peer, own);
	TST_EXP_EXPR(ns_mounts(0) == own && ns_mounts(q) == peer &&
		     mnt_count("s/x") == 0,
		     "no namespace gained a mount (%d, %d)", ns_mounts(0),
		     ns_mounts(q));
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);
	TST_EXP_PASS(mount_tmpfs("s/x"),
		     "the same mount after the peer namespace freed a place");
	TST_EXP_EXPR(ns_mounts(0) == own + 1 && ns_mounts(q) == peer,
		     "it is in both namespaces (%d, %d; want %d, %d)",
		     ns_mounts(0), ns_mounts(q), own + 1, peer);
	set_max(atoi(orig_max));
	TST_CHECKPOINT_WAKE(1);
	NS_REAP(q);
	umount2("s", MNT_DETACH);
}

static int write_val(const char *val)
{
	int fd = SAFE_OPEN(MOUNT_MAX, O_WRONLY), ret, err;

	ret = write(fd, val, strlen(val));
	err = errno;
	SAFE_CLOSE(fd);
	errno = err;
	return ret == (int)strlen(val) ? 0 : -1;
}

static void check_range(void)
{
	char val[32];

	TST_EXP_FAIL(write_val("0"), EINVAL, "mount-max = 0");
	TST_EXP_FAIL(write_val("-1"), EINVAL, "mount-max = -1");
	SAFE_FILE_SCANF(MOUNT_MAX, "%31s", val);
	TST_EXP_EXPR(!strcmp(val, orig_max), "mount-max kept: %s (was %s)",
		     val, orig_max);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		mnt_private_ns();
		check_limit();
		check_rbind();
		check_propagation();
		check_range();
		exit(0);
	}
	NS_REAP(pid);
}

static void setup(void)
{
	static const char *const dirs[] = {
		"d1", "d2", "d3", "tree", "dst", "s", "q1", "q2", NULL
	};
	int i;

	SAFE_FILE_SCANF(MOUNT_MAX, "%31s", orig_max);
	for (i = 0; dirs[i]; i++)
		SAFE_MKDIR(dirs[i], 0755);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_checkpoints = 1,
	.forks_child = 1,
	.exclusive = 1,
	.save_restore = (const struct tst_path_val[]) {
		{MOUNT_MAX, NULL, TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
};
