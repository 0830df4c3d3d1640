// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The owner, mode and size changes refused by the immutable and
 * append-only inode flags, by fd, by dirfd and by path, and the order of
 * the checks against a read-only mount and the fd's own mode (fs/attr.c
 * notify_change(), fs/open.c chmod_common(), do_fchownat(), vfs_fchown(),
 * vfs_truncate(), do_sys_ftruncate() / do_ftruncate(), fs/namei.c
 * do_open() and may_open() of 6.1 and 6.12). On a tmpfs of the test's
 * own, in a private mount namespace, as root:
 * - on the immutable file: fchmod, fchmodat, fchown, fchownat, chown,
 *   lchown and truncate are EPERM;
 * - on the append-only file: fchmod, fchown, fchownat, chown, lchown,
 *   ftruncate of an O_APPEND fd and creat (O_TRUNC) are EPERM;
 * - through a read-only bind mount of the same files the mount is asked
 *   first: fchmod, fchown, chown and truncate of the immutable file and
 *   creat of both files are EROFS, where open() for writing without
 *   O_TRUNC would still say EPERM;
 * - ftruncate of an O_RDONLY fd of the append-only file is EINVAL (the
 *   fd is not writable), and of its O_APPEND fd with a negative length
 *   EINVAL too (the length is checked before the flag);
 * - as nobody, below root's 0700 directory: fchmodat, fchownat, chown and
 *   lchown are EACCES (the path walk comes before the owner check), while
 *   fchmodat of root's file in a searchable directory is EPERM.
 * After each refusal the file's mode, owner, group and size are
 * unchanged.
 * Syscalls: fchmod, fchmodat, fchown, fchownat, chown, lchown, truncate,
 * ftruncate, creat
 */
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <linux/fs.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "mount_ns.h"
#include "tmpfs_iflags.h"

#define NEW_ID 1

enum op {
	FCHMOD, FCHMODAT, FCHOWN, FCHOWNAT, CHOWN, LCHOWN, TRUNCATE,
	FTRUNC_APPEND, FTRUNC_NEG, FTRUNC_RDONLY, CREAT,
};

static const char *const op_names[] = {
	[FCHMOD] = "fchmod", [FCHMODAT] = "fchmodat", [FCHOWN] = "fchown",
	[FCHOWNAT] = "fchownat", [CHOWN] = "chown", [LCHOWN] = "lchown",
	[TRUNCATE] = "truncate", [FTRUNC_APPEND] = "ftruncate(O_APPEND fd)",
	[FTRUNC_NEG] = "ftruncate(O_APPEND fd, -1)",
	[FTRUNC_RDONLY] = "ftruncate(O_RDONLY fd)", [CREAT] = "creat",
};

static struct tcase {
	enum op op;
	const char *dir;
	const char *name;
	int exp_errno;
	int nobody;
} tcases[] = {
	{ FCHMOD, "mnt", "imm", EPERM, 0 },
	{ FCHMODAT, "mnt", "imm", EPERM, 0 },
	{ FCHOWN, "mnt", "imm", EPERM, 0 },
	{ FCHOWNAT, "mnt", "imm", EPERM, 0 },
	{ CHOWN, "mnt", "imm", EPERM, 0 },
	{ LCHOWN, "mnt", "imm", EPERM, 0 },
	{ TRUNCATE, "mnt", "imm", EPERM, 0 },
	{ FCHMOD, "mnt", "app", EPERM, 0 },
	{ FCHOWN, "mnt", "app", EPERM, 0 },
	{ FCHOWNAT, "mnt", "app", EPERM, 0 },
	{ CHOWN, "mnt", "app", EPERM, 0 },
	{ LCHOWN, "mnt", "app", EPERM, 0 },
	{ FTRUNC_APPEND, "mnt", "app", EPERM, 0 },
	{ CREAT, "mnt", "app", EPERM, 0 },
	{ FCHMOD, "ro", "imm", EROFS, 0 },
	{ FCHOWN, "ro", "imm", EROFS, 0 },
	{ CHOWN, "ro", "imm", EROFS, 0 },
	{ TRUNCATE, "ro", "imm", EROFS, 0 },
	{ CREAT, "ro", "imm", EROFS, 0 },
	{ CREAT, "ro", "app", EROFS, 0 },
	{ FTRUNC_RDONLY, "mnt", "app", EINVAL, 0 },
	{ FTRUNC_NEG, "mnt", "app", EINVAL, 0 },
	{ FCHMODAT, "mnt", "priv/f", EACCES, 1 },
	{ FCHOWNAT, "mnt", "priv/f", EACCES, 1 },
	{ CHOWN, "mnt", "priv/f", EACCES, 1 },
	{ LCHOWN, "mnt", "priv/f", EACCES, 1 },
	{ FCHMODAT, "mnt", "pub", EPERM, 1 },
};

static int mnt_dfd = -1;

static int open_for(const struct tcase *tc, const char *path)
{
	switch (tc->op) {
	case FCHMOD:
	case FCHOWN:
	case FTRUNC_RDONLY:
		return SAFE_OPEN(path, O_RDONLY);
	case FTRUNC_APPEND:
	case FTRUNC_NEG:
		return SAFE_OPEN(path, O_WRONLY | O_APPEND);
	default:
		return -1;
	}
}

static int do_op(const struct tcase *tc, const char *path, int fd)
{
	switch (tc->op) {
	case FCHMOD:
		return fchmod(fd, 0600);
	case FCHMODAT:
		return fchmodat(mnt_dfd, tc->name, 0600, 0);
	case FCHOWN:
		return fchown(fd, NEW_ID, NEW_ID);
	case FCHOWNAT:
		return fchownat(mnt_dfd, tc->name, NEW_ID, NEW_ID,
				AT_SYMLINK_NOFOLLOW);
	case CHOWN:
		return chown(path, NEW_ID, NEW_ID);
	case LCHOWN:
		return lchown(path, NEW_ID, NEW_ID);
	case TRUNCATE:
		return truncate(path, 0);
	case FTRUNC_APPEND:
	case FTRUNC_RDONLY:
		return ftruncate(fd, 0);
	case FTRUNC_NEG:
		return ftruncate(fd, -1);
	case CREAT:
		return creat(path, 0600);
	}
	return -1;
}

static const struct tcase *cur;
static char path[64];

static void try_op(void)
{
	int fd = open_for(cur, path);

	TST_EXP_FAIL(do_op(cur, path, fd), cur->exp_errno, "%s(%s)%s",
		     op_names[cur->op], path, cur->nobody ? " as nobody" : "");
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	struct stat before, after;

	cur = &tcases[n];
	snprintf(path, sizeof(path), "%s/%s", cur->dir, cur->name);
	FSM_SAFE(lstat(path, &before));
	if (cur->nobody)
		fsm_as_nobody(try_op);
	else
		try_op();
	FSM_SAFE(lstat(path, &after));
	TST_EXP_EXPR(after.st_mode == before.st_mode &&
		     after.st_uid == before.st_uid &&
		     after.st_gid == before.st_gid &&
		     after.st_size == before.st_size && after.st_size == 4,
		     "%s keeps mode %o, owner %d:%d and 4 bytes", path,
		     (int)after.st_mode & 07777, (int)after.st_uid,
		     (int)after.st_gid);
}

static void setup(void)
{
	mnt_private_ns();
	SAFE_MKDIR("mnt", 0755);
	SAFE_MKDIR("ro", 0755);
	SAFE_MOUNT("fchown06", "mnt", "tmpfs", 0, "size=1m");
	fsm_create_file("mnt/imm", 0644, "data");
	fsm_create_file("mnt/app", 0644, "data");
	tmpfs_iflag("mnt/imm", FS_IMMUTABLE_FL);
	tmpfs_iflag("mnt/app", FS_APPEND_FL);
	SAFE_MKDIR("mnt/priv", 0700);
	fsm_create_file("mnt/priv/f", 0644, "data");
	fsm_create_file("mnt/pub", 0644, "data");
	SAFE_MOUNT("mnt", "ro", NULL, MS_BIND, NULL);
	SAFE_MOUNT(NULL, "ro", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL);
	mnt_dfd = SAFE_OPEN("mnt", O_RDONLY | O_DIRECTORY);
}

static void cleanup(void)
{
	if (mnt_dfd >= 0)
		SAFE_CLOSE(mnt_dfd);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
