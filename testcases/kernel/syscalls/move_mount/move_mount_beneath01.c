// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * move_mount(MOVE_MOUNT_BENEATH) slides a mount under the top mount of a
 * mount point (6ac392815628, "fs: allow to mount beneath top mount",
 * Linux 6.5). In a private mount namespace, on a tmpfs of the test's,
 * with a tmpfs T (file "T") on "top":
 * - a detached clone of a directory holding "S" (open_tree) moved
 *   beneath T, the target named by an O_PATH fd of "top" and
 *   MOVE_MOUNT_T_EMPTY_PATH: "top" still shows T's "T", not "S"; mountinfo
 *   has two mounts on "top", T's parent is now the clone, whose parent is
 *   the mount "top" is on;
 * - an attached tmpfs M (file "M") on "m", moved beneath T by path: M
 *   leaves "m", T's parent is now M, M's parent the clone: three mounts on
 *   "top";
 * - unmounting "top" peels them in order: "M" shows, then "S", then
 *   nothing is mounted there.
 * Errors, with their exact errno (fs/namespace.c, can_move_mount_beneath):
 * - MOVE_MOUNT_BENEATH with MOVE_MOUNT_SET_GROUP: EINVAL;
 * - a target that is a plain directory, not the root of a mount: EINVAL;
 * - the caller's root "/" as target: EINVAL;
 * - a source mounted on the target mount itself (top/sub on T), so on
 *   the path the move would put it under: EINVAL.
 * On a kernel without it the flag is unknown (EINVAL for a missing
 * path instead of ENOENT): TCONF.
 * Syscalls: move_mount, open_tree
 */
#include "tst_test.h"
#include "mnt_query.h"
#include "mount_ns.h"
#include "newmount_raw.h"

static unsigned int tmp_id;

/* The mountinfo line of mount id; TFAIL and 0 when it is not there. */
static int info_of(unsigned int id, struct mq_info *mi)
{
	if (mq_info(AT_FDCWD, id, mi))
		return 1;
	tst_res(TFAIL, "mount %u is not in mountinfo", id);
	return 0;
}

static void parent_is(const char *what, unsigned int id, unsigned int parent)
{
	struct mq_info mi;

	if (info_of(id, &mi))
		TST_EXP_EXPR(mi.parent == parent, "%s (mount %u): parent %u "
			     "(expected %u)", what, id, mi.parent, parent);
}

static void shows(const char *file, int present)
{
	if (present)
		TST_EXP_PASS(access(file, F_OK), "access(%s)", file);
	else
		TST_EXP_FAIL(access(file, F_OK), ENOENT, "access(%s)", file);
}

static void check_errors(void)
{
	TST_EXP_FAIL(move_mount_raw(AT_FDCWD, "m", AT_FDCWD, "top",
				    MOVE_MOUNT_BENEATH | MOVE_MOUNT_SET_GROUP),
		     EINVAL, "move_mount(BENEATH | SET_GROUP)");
	TST_EXP_FAIL(move_mount_raw(AT_FDCWD, "m", AT_FDCWD, "plain",
				    MOVE_MOUNT_BENEATH), EINVAL,
		     "move_mount(m beneath a plain directory)");
	TST_EXP_FAIL(move_mount_raw(AT_FDCWD, "m", AT_FDCWD, "/",
				    MOVE_MOUNT_BENEATH), EINVAL,
		     "move_mount(m beneath the root \"/\")");
	TST_EXP_FAIL(move_mount_raw(AT_FDCWD, "top/sub", AT_FDCWD, "top",
				    MOVE_MOUNT_BENEATH), EINVAL,
		     "move_mount(top/sub beneath top, its own parent)");
}

static void run(void)
{
	unsigned int t_id, s_id, m_id;
	int fd, tfd;

	SAFE_MOUNT("ltp_move_mount_beneath01", "top", "tmpfs", 0, NULL);
	SAFE_MOUNT("ltp_move_mount_beneath01", "m", "tmpfs", 0, NULL);
	SAFE_FILE_PRINTF("top/T", "T");
	SAFE_FILE_PRINTF("m/M", "M");
	SAFE_MKDIR("top/sub", 0755);
	SAFE_MOUNT("ltp_move_mount_beneath01", "top/sub", "tmpfs", 0, NULL);
	t_id = mq_old_id("top");
	m_id = mq_old_id("m");

	check_errors();
	SAFE_UMOUNT("top/sub");

	fd = open_tree_raw(AT_FDCWD, "src", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open_tree(src, OPEN_TREE_CLONE)");
	s_id = mq_statx_id(fd, "", STATX_MNT_ID);
	tfd = SAFE_OPEN("top", O_PATH | O_DIRECTORY);
	TST_EXP_PASS(move_mount_raw(fd, "", tfd, "", MOVE_MOUNT_BENEATH |
				    MOVE_MOUNT_F_EMPTY_PATH |
				    MOVE_MOUNT_T_EMPTY_PATH),
		     "move_mount(clone of src beneath top)");
	SAFE_CLOSE(fd);
	SAFE_CLOSE(tfd);
	if (!TST_PASS)
		goto out;
	shows("top/T", 1);
	shows("top/S", 0);
	TST_EXP_EXPR(mnt_count("top") == 2, "two mounts on top (%d)",
		     mnt_count("top"));
	parent_is("T", t_id, s_id);
	parent_is("the clone of src", s_id, tmp_id);

	TST_EXP_PASS(move_mount_raw(AT_FDCWD, "m", AT_FDCWD, "top",
				    MOVE_MOUNT_BENEATH),
		     "move_mount(m beneath top)");
	if (!TST_PASS)
		goto out;
	shows("top/T", 1);
	shows("top/M", 0);
	TST_EXP_EXPR(mnt_count("m") == 0 && mnt_count("top") == 3,
		     "M left m (%d mounts) for top (%d mounts)",
		     mnt_count("m"), mnt_count("top"));
	parent_is("T", t_id, m_id);
	parent_is("M", m_id, s_id);

	SAFE_UMOUNT("top");
	shows("top/M", 1);
	shows("top/T", 0);
	SAFE_UMOUNT("top");
	shows("top/S", 1);
	shows("top/M", 0);
	SAFE_UMOUNT("top");
	TST_EXP_EXPR(mnt_count("top") == 0, "nothing left on top");
out:
	mnt_umount_all("top");
	mnt_umount_all("m");
}

static void setup(void)
{
	mnt_private_ns();
	/*
	 * A tmpfs of our own as the parent of the mount points: nothing
	 * can be mounted beneath a mount whose parent is the namespace's
	 * root mount, which the tmpdir's mount might be.
	 */
	SAFE_MKDIR("base", 0755);
	SAFE_MOUNT("ltp_move_mount_beneath01", "base", "tmpfs", 0, NULL);
	if (chdir("base"))
		tst_brk(TBROK | TERRNO, "chdir(base)");
	SAFE_MKDIR("top", 0755);
	SAFE_MKDIR("m", 0755);
	SAFE_MKDIR("src", 0755);
	SAFE_MKDIR("plain", 0755);
	SAFE_FILE_PRINTF("src/S", "S");
	TEST(move_mount_raw(AT_FDCWD, "ltp_missing", AT_FDCWD, "ltp_missing",
			    MOVE_MOUNT_BENEATH));
	if (TST_RET == -1 && TST_ERR == EINVAL)
		tst_brk(TCONF, "MOVE_MOUNT_BENEATH unknown to the kernel "
			"(EINVAL): Linux 6.5 added it");
	if (TST_RET != -1 || TST_ERR != ENOENT)
		tst_brk(TBROK | TTERRNO, "move_mount(missing paths, BENEATH) "
			"returned %ld", TST_RET);
	tmp_id = mq_old_id(".");
}

static void cleanup(void)
{
	mnt_umount_all("top");
	mnt_umount_all("m");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		/* fs: allow to mount beneath top mount (the feature itself:
		 * without it the test says TCONF) */
		{"linux-git", "6ac392815628"},
		{}
	},
};
