// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Propagation into a less privileged mount namespace, and what may not
 * cross between mount namespaces (fs/namespace.c copy_mnt_ns()
 * CL_SHARED_TO_SLAVE, attach_recursive_mnt() lock_mnt_tree(),
 * can_change_locked_flags(), __do_loopback() check_mnt(),
 * do_move_mount(), mnt_ns_loop()). O (a private mount namespace of the
 * test) mounts tmpfs s and makes it shared (mountinfo "shared:N"):
 *  - A, which unshared a user namespace and then a mount namespace, has
 *    s as a slave of O's ("master:N", not shared); B, a new mount
 *    namespace in O's user namespace, has it as a peer ("shared:N");
 *  - A's tmpfs on s/a does not appear in O; B's on s/b appears in O and,
 *    through O, in A;
 *  - O's read-only, nosuid tmpfs on s/x appears in A with those flags
 *    locked: a bind remount dropping MS_RDONLY, or MS_NOSUID, is EPERM,
 *    keeping both works; the mount itself is not locked (nothing of O's
 *    is under it): A's umount() works, and O's s/x stays;
 *  - bind mounting a mount namespace file of O's own namespace in O is
 *    EINVAL, of A's (newer) namespace works; B's bind of O's (older)
 *    /proc/O/ns/mnt is EINVAL (a namespace loop could form);
 *  - B's bind of O's directory reached through /proc/O/root is EINVAL
 *    (another namespace's mount), while the same directory through B's
 *    own mounts binds; B's MS_MOVE of O's s/x through /proc/O/root is
 *    EINVAL.
 */
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include "tst_test.h"
#include "mount_ns.h"
#include "ns_helpers.h"

static char dir[PATH_MAX];
static int group;

/*
 * The optional fields (shared:N, master:N, ...) of the topmost mount on
 * path in /proc/self/mountinfo, space separated, into buf.
 */
static void mnt_prop(const char *path, char *buf, size_t size)
{
	char abs[PATH_MAX], line[4096], *tok, *save;
	size_t len;
	FILE *f;
	int field;

	buf[0] = '\0';
	mnt_realpath(path, abs);
	f = fopen("/proc/self/mountinfo", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/mountinfo)");
	while (fgets(line, sizeof(line), f)) {
		char opt[512] = "";
		int match = 0;

		field = 0;
		for (tok = strtok_r(line, " \n", &save); tok;
		     tok = strtok_r(NULL, " \n", &save)) {
			field++;
			if (field == 5)
				match = !strcmp(tok, abs);
			if (field <= 6)
				continue;
			if (!strcmp(tok, "-"))
				break;
			len = strlen(opt);
			snprintf(opt + len, sizeof(opt) - len, "%s%s",
				 len ? " " : "", tok);
		}
		if (match)
			snprintf(buf, size, "%s", opt);
	}
	fclose(f);
}

static int has_field(const char *fields, const char *prefix, int id)
{
	char want[32];
	const char *p = fields;
	size_t len;

	if (id >= 0)
		snprintf(want, sizeof(want), "%s%d", prefix, id);
	else
		snprintf(want, sizeof(want), "%s", prefix);
	len = strlen(want);
	while ((p = strstr(p, want))) {
		if ((p == fields || p[-1] == ' ') &&
		    (id < 0 || p[len] == ' ' || p[len] == '\0'))
			return 1;
		p += len;
	}
	return 0;
}

static void tmpfs_on(const char *path, unsigned long flags)
{
	SAFE_MOUNT("tmpfs", path, "tmpfs", flags, NULL);
}

static void in_a(void)
{
	char prop[512], opts[1024];

	if (unshare(CLONE_NEWUSER))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER)");
	ns_map_self_root(0, 0);
	if (unshare(CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS)");
	mnt_prop("s", prop, sizeof(prop));
	TST_EXP_EXPR(has_field(prop, "master:", group) &&
		     !has_field(prop, "shared:", -1),
		     "s in A (new user namespace): '%s' (O's group %d)", prop,
		     group);
	tmpfs_on("s/a", 0);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);

	TST_EXP_EQ_LI(mnt_count("s/b"), 1);
	TST_EXP_EQ_LI(mnt_count("s/x"), 1);
	mnt_opts("s/x", opts, sizeof(opts));
	TST_EXP_EXPR(!strncmp(opts, "ro,", 3) && strstr(opts, "nosuid"),
		     "O's s/x in A: '%s'", opts);
	TST_EXP_FAIL(mount(NULL, "s/x", NULL, MS_REMOUNT | MS_BIND | MS_NOSUID,
			   NULL), EPERM, "bind remount of s/x in A without "
		     "MS_RDONLY");
	TST_EXP_FAIL(mount(NULL, "s/x", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY,
			   NULL), EPERM, "bind remount of s/x in A without "
		     "MS_NOSUID");
	TST_EXP_PASS(mount(NULL, "s/x", NULL,
			   MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID, NULL),
		     "bind remount of s/x in A keeping both");
	TST_EXP_PASS(umount("s/x"), "umount() of the propagated s/x in A");
	TST_EXP_EQ_LI(mnt_count("s/x"), 0);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	exit(0);
}

static void in_b(pid_t o)
{
	char prop[512], path[PATH_MAX + 64];

	if (unshare(CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS)");
	mnt_prop("s", prop, sizeof(prop));
	TST_EXP_EXPR(has_field(prop, "shared:", group) &&
		     !has_field(prop, "master:", -1),
		     "s in B (same user namespace): '%s' (O's group %d)", prop,
		     group);
	tmpfs_on("s/b", 0);
	TST_CHECKPOINT_WAKE_AND_WAIT(1);

	snprintf(path, sizeof(path), "/proc/%d/ns/mnt", (int)o);
	TST_EXP_FAIL(mount(path, "nsf", NULL, MS_BIND, NULL), EINVAL,
		     "bind of O's (older) mount namespace file in B");
	snprintf(path, sizeof(path), "/proc/%d/root%s/priv", (int)o, dir);
	TST_EXP_FAIL(mount(path, "tgt", NULL, MS_BIND, NULL), EINVAL,
		     "bind of O's priv through /proc/O/root in B");
	TST_EXP_PASS(mount("priv", "tgt", NULL, MS_BIND, NULL),
		     "bind of priv through B's own mounts");
	SAFE_UMOUNT("tgt");
	snprintf(path, sizeof(path), "/proc/%d/root%s/s/x", (int)o, dir);
	TST_EXP_FAIL(mount(path, "tgt", NULL, MS_MOVE, NULL), EINVAL,
		     "MS_MOVE of O's s/x through /proc/O/root in B");
	exit(0);
}

static void in_o(void)
{
	char prop[512], path[64];
	pid_t a, b;

	mnt_private_ns();
	SAFE_MKDIR("s", 0755);
	SAFE_MKDIR("priv", 0755);
	SAFE_MKDIR("tgt", 0755);
	SAFE_FILE_PRINTF("nsf", "x");
	tmpfs_on("s", 0);
	SAFE_MOUNT(NULL, "s", NULL, MS_SHARED, NULL);
	SAFE_MKDIR("s/a", 0755);
	SAFE_MKDIR("s/b", 0755);
	SAFE_MKDIR("s/x", 0755);
	mnt_prop("s", prop, sizeof(prop));
	if (sscanf(prop, "shared:%d", &group) != 1)
		tst_brk(TBROK, "s in O is not shared: '%s'", prop);

	a = SAFE_FORK();
	if (!a)
		in_a();
	TST_CHECKPOINT_WAIT(0);
	b = SAFE_FORK();
	if (!b)
		in_b(getppid());
	TST_CHECKPOINT_WAIT(1);

	TST_EXP_EQ_LI(mnt_count("s/a"), 0);
	TST_EXP_EQ_LI(mnt_count("s/b"), 1);
	tmpfs_on("s/x", MS_RDONLY | MS_NOSUID);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	TST_EXP_EQ_LI(mnt_count("s/x"), 1);

	TST_EXP_FAIL(mount("/proc/self/ns/mnt", "nsf", NULL, MS_BIND, NULL),
		     EINVAL, "bind of O's own mount namespace file in O");
	snprintf(path, sizeof(path), "/proc/%d/ns/mnt", (int)a);
	TST_EXP_PASS(mount(path, "nsf", NULL, MS_BIND, NULL),
		     "bind of A's (newer) mount namespace file in O");
	SAFE_UMOUNT("nsf");
	TST_CHECKPOINT_WAKE(1);
	NS_REAP(b);
	TST_CHECKPOINT_WAKE(0);
	NS_REAP(a);
	exit(0);
}

static void run(void)
{
	pid_t o = SAFE_FORK();

	if (!o)
		in_o();
	NS_REAP(o);
	/* O's mounts went with its namespace; the directories stay */
	SAFE_RMDIR("s");
	SAFE_RMDIR("priv");
	SAFE_RMDIR("tgt");
	SAFE_UNLINK("nsf");
}

static void setup(void)
{
	mnt_realpath(".", dir);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_USER_NS", NULL
	},
};
