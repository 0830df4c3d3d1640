// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Set-user-ID and set-group-ID bits dropped by a modification, on each
 * filesystem of the matrix (file_remove_privs(), do_truncate(),
 * chown_common(), setattr_should_drop_suidgid() and
 * setattr_should_drop_sgid() in fs/attr.c):
 *  - write(), ftruncate(), truncate(), fallocate(), copy_file_range() into
 *    the file and FICLONE onto it, by a caller without CAP_FSETID: the
 *    set-user-ID bit always goes; the set-group-ID bit goes when the
 *    group may execute (mode 06777), and on a file the group may not
 *    execute (06767) only when the caller is not in the file's group;
 *    the owner is treated like anyone else;
 *  - root (CAP_FSETID) keeps both bits;
 *  - chown(path, -1, -1), changing nothing, still drops set-user-ID,
 *    for root too; root keeps set-group-ID without group execute.
 * The other mode bits never change. Where a filesystem lacks an
 * operation (fallocate() on ext2/ext3, FICLONE but on btrfs and xfs)
 * the refusal is EOPNOTSUPP, and the mode is kept (6.1) or dropped
 * exactly as the modification would have dropped it (6.12's ext4 calls
 * file_modified() before it refuses a block-mapped file), nothing else. vfat, exfat and ntfs3 have
 * no per-file mode bits and are skipped.
 */
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/fs.h>
#include "tst_test.h"

#define TARGET		"target"
#define SOURCE		"source"
#define OWNER_UID	1001
#define FILE_GID	2002

enum op { WRITE, FTRUNCATE, TRUNCATE, FALLOCATE, COPY_RANGE, CLONE,
	  CHOWN, NOPS };

static const char *const op_names[NOPS] = {
	"write()", "ftruncate()", "truncate()", "fallocate()",
	"copy_file_range()", "FICLONE", "chown(-1, -1)",
};

static const struct caller {
	const char *name;
	uid_t uid;
	gid_t gid;
	int in_group;
	int root;
} callers[] = {
	{ "another user", 1004, 3004, 0, 0 },
	{ "a member of the file's group", 1002, FILE_GID, 1, 0 },
	{ "the owner (not in the group)", OWNER_UID, 3003, 0, 0 },
	{ "root", 0, 0, 1, 1 },
};

static const mode_t modes[] = { 06777, 06767 };

static mode_t expected(const struct caller *c, mode_t mode, enum op op)
{
	mode_t m = mode;

	if (op == CHOWN) {
		/* chown_common(): ATTR_KILL_SUID always, sgid by the rule */
		m &= ~S_ISUID;
		if ((mode & S_IXGRP) || !(c->in_group || c->root))
			m &= ~S_ISGID;
		return m;
	}
	if (c->root)
		return m;
	m &= ~S_ISUID;
	if ((mode & S_IXGRP) || !c->in_group)
		m &= ~S_ISGID;
	return m;
}

/* The operation, in the caller's credentials; 0 or an errno. */
static int do_op(enum op op)
{
	loff_t off_in = 0, off_out = 0;
	int fd, src, ret = 0;

	if (op == TRUNCATE)
		return truncate(TARGET, 50) ? errno : 0;
	if (op == CHOWN)
		return chown(TARGET, -1, -1) ? errno : 0;
	fd = open(TARGET, O_WRONLY);
	if (fd < 0)
		return errno;
	switch (op) {
	case WRITE:
		if (write(fd, "x", 1) != 1)
			ret = errno;
		break;
	case FTRUNCATE:
		ret = ftruncate(fd, 100) ? errno : 0;
		break;
	case FALLOCATE:
		ret = fallocate(fd, 0, 0, 8192) ? errno : 0;
		break;
	case COPY_RANGE:
	case CLONE:
		src = open(SOURCE, O_RDONLY);
		if (src < 0) {
			ret = errno;
			break;
		}
		if (op == CLONE)
			ret = ioctl(fd, FICLONE, src) ? errno : 0;
		else if (copy_file_range(src, &off_in, fd, &off_out, 10, 0) != 10)
			ret = errno;
		close(src);
		break;
	default:
		break;
	}
	close(fd);
	return ret;
}

/* Filesystems that may refuse an operation, and with what. */
static int may_lack(enum op op)
{
	if (op == FALLOCATE)
		return !strcmp(tst_fs_type, "ext2") || !strcmp(tst_fs_type, "ext3");
	if (op == CLONE)	/* mkfs.xfs makes reflink filesystems */
		return strcmp(tst_fs_type, "btrfs") && strcmp(tst_fs_type, "xfs");
	return 0;
}

static void check(const struct caller *c, mode_t mode, enum op op)
{
	struct stat st;
	mode_t want = expected(c, mode, op);
	pid_t pid;
	int ret, status;

	SAFE_CHMOD(TARGET, mode);
	pid = SAFE_FORK();
	if (!pid) {
		if (setgroups(0, NULL) || setresgid(c->gid, c->gid, c->gid) ||
		    setresuid(c->uid, c->uid, c->uid))
			_exit(255);
		_exit(do_op(op));
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) == 255)
		tst_brk(TBROK, "the %s child ended with %#x", c->name, status);
	ret = WEXITSTATUS(status);
	SAFE_STAT(TARGET, &st);
	if (ret) {
		if (ret == EOPNOTSUPP && may_lack(op)) {
			/*
			 * Kept, or dropped exactly as the modification would
			 * have: 6.12's ext4_fallocate() calls file_modified()
			 * before ext4_do_fallocate() refuses a block-mapped
			 * (ext2/ext3) file. Any other mode is wrong.
			 */
			TST_EXP_EXPR((st.st_mode & 07777) == mode ||
				     (st.st_mode & 07777) == want,
				     "%s by %s on %04o: EOPNOTSUPP on %s, mode "
				     "%04o (%s)", op_names[op], c->name, mode,
				     tst_fs_type, st.st_mode & 07777,
				     (st.st_mode & 07777) == mode ? "kept" :
				     "dropped before the refusal");
			return;
		}
		tst_res(TFAIL, "%s by %s on %04o failed: %s", op_names[op],
			c->name, mode, tst_strerrno(ret));
		return;
	}
	TST_EXP_EXPR((st.st_mode & 07777) == want,
		     "%s by %s on %04o: mode %04o (expected %04o)", op_names[op],
		     c->name, mode, st.st_mode & 07777, want);
}

static void run(unsigned int n)
{
	const struct caller *c = &callers[n];
	unsigned int m;
	int op;

	for (op = 0; op < NOPS; op++) {
		/* only the owner (or root) may chown */
		if (op == CHOWN && c->uid != OWNER_UID && !c->root)
			continue;
		for (m = 0; m < ARRAY_SIZE(modes); m++)
			check(c, modes[m], op);
	}
}

static void setup(void)
{
	char buf[8192];
	int fd;

	memset(buf, 'a', sizeof(buf));
	fd = SAFE_OPEN(SOURCE, O_WRONLY | O_CREAT | O_EXCL, 0644);
	SAFE_WRITE(1, fd, buf, sizeof(buf));
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(TARGET, O_WRONLY | O_CREAT | O_EXCL, 0600);
	SAFE_WRITE(1, fd, buf, sizeof(buf));
	SAFE_CLOSE(fd);
	SAFE_CHOWN(TARGET, OWNER_UID, FILE_GID);
	SAFE_CHMOD(".", 0755);
}

static struct tst_test test = {
	.test = run,
	.tcnt = ARRAY_SIZE(callers),
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{ "vfat", "no set-user-ID or set-group-ID bits on FAT" },
		{ "exfat", "no set-user-ID or set-group-ID bits on exFAT" },
		{ "ntfs3", "mode bits come from mount options" },
		{}
	},
};
