// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fanotify_init() and fanotify_mark() refuse what they must, with the
 * right errno. fanotify_init(): an unknown flag, file id reporting in a
 * permission class, FAN_REPORT_NAME without FAN_REPORT_DIR_FID,
 * FAN_REPORT_TARGET_FID without FID and NAME, FAN_REPORT_PIDFD with
 * FAN_REPORT_TID, event_f_flags O_ACCMODE or O_DIRECTORY: EINVAL.
 * fanotify_mark(): two mark types, two commands, mask 0, a mask bit above
 * 32, a flag with FAN_MARK_FLUSH, FAN_MARK_IGNORE with
 * FAN_MARK_IGNORED_MASK, a permission event on /proc, FAN_FS_ERROR on an
 * inode mark, FAN_MARK_EVICTABLE on a mount mark, a directory entry event
 * without file ids or on a mount mark, FAN_RENAME without names, a mount
 * or filesystem mark on a pipe (69562eb0bd3e), FAN_MARK_IGNORE of a mount
 * without FAN_MARK_IGNORED_SURV_MODIFY and a non-fanotify fd: EINVAL;
 * the same for a directory: EISDIR; directory events on a file with
 * FAN_REPORT_TARGET_FID: ENOTDIR (ceaf69f8eadc, 8698e3bab4dd); fd -1:
 * EBADF; a missing path: ENOENT; file ids of /proc: ENODEV up to 6.6
 * (no fsid), EOPNOTSUPP from 6.7 (an fsid from s_dev, read back with
 * statfs(), but no file handles).
 * As nobody: every group without file ids, with a permission class,
 * unlimited queue or marks, TID or PIDFD reporting is EPERM; mount and
 * filesystem marks are EPERM, also for root using a group nobody made
 * (a8b98c808eab). Limits: fs.fanotify.max_user_groups groups per user,
 * then EMFILE; fs.fanotify.max_user_marks marks, then ENOSPC, which
 * FAN_UNLIMITED_MARKS lifts.
 * Syscalls: fanotify_init, fanotify_mark
 */
#include <sys/socket.h>
#include <sys/statfs.h>
#include "fan_common.h"
#include "scm_helpers.h"
#include "as_nobody.h"

#define GROUPS_PATH "/proc/sys/fs/fanotify/max_user_groups"
#define MARKS_PATH "/proc/sys/fs/fanotify/max_user_marks"
#define LIMIT 8

static int nobody_sock[2] = {-1, -1};

static void test_init(void)
{
	static const struct {
		unsigned int flags, f_flags;
		const char *what;
	} c[] = {
		{0x80000000, O_RDONLY, "an unknown flag"},
		{FAN_CLASS_CONTENT | FAN_REPORT_FID, O_RDONLY,
		 "FAN_REPORT_FID in FAN_CLASS_CONTENT"},
		{FAN_CLASS_PRE_CONTENT | FAN_REPORT_DIR_FID, O_RDONLY,
		 "FAN_REPORT_DIR_FID in FAN_CLASS_PRE_CONTENT"},
		{FAN_REPORT_NAME, O_RDONLY, "FAN_REPORT_NAME alone"},
		{FAN_REPORT_FID | FAN_REPORT_NAME, O_RDONLY,
		 "FAN_REPORT_NAME without FAN_REPORT_DIR_FID"},
		{FAN_REPORT_DFID_NAME | FAN_REPORT_TARGET_FID, O_RDONLY,
		 "FAN_REPORT_TARGET_FID without FAN_REPORT_FID"},
		{FAN_REPORT_FID | FAN_REPORT_DIR_FID | FAN_REPORT_TARGET_FID,
		 O_RDONLY, "FAN_REPORT_TARGET_FID without FAN_REPORT_NAME"},
		{FAN_REPORT_PIDFD | FAN_REPORT_TID, O_RDONLY,
		 "FAN_REPORT_PIDFD with FAN_REPORT_TID"},
		{FAN_CLASS_NOTIF, O_ACCMODE, "event_f_flags O_ACCMODE"},
		{FAN_CLASS_NOTIF, O_RDONLY | O_DIRECTORY,
		 "event_f_flags O_DIRECTORY"},
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(c); i++)
		TST_EXP_FAIL(fanotify_init(c[i].flags, c[i].f_flags), EINVAL,
			     "fanotify_init(): %s", c[i].what);
}

#define MARK_FAIL(fan, flags, mask, dfd, path, err, what) \
	TST_EXP_FAIL(fanotify_mark(fan, flags, mask, dfd, path), err, \
		     "fanotify_mark(): %s", what)

/*
 * A filesystem mark with file ids on /proc. fanotify_test_fsid() refuses
 * a zero fsid with ENODEV, then fanotify_test_fid() a filesystem without
 * export operations with EOPNOTSUPP. Up to 6.6 /proc reported no fsid
 * (simple_statfs() left f_fsid 0): ENODEV. ae62bcb5e7e5 ("fs: report
 * f_fsid from s_dev for "simple" filesystems", 6.7; fs/libfs.c, not
 * fanotify_user.c) gave simple_statfs() the fsid u64_to_fsid(s_dev), so
 * the fsid test passes and /proc, which cannot encode file handles, is
 * EOPNOTSUPP (checked on 6.12; 6.2 to 6.11 not run here). The fsid
 * statfs() reports is read back too: the reason for each errno.
 */
static void proc_fid_mark(int fid)
{
	int simple_fsid = tst_kvercmp(6, 7, 0) >= 0;
	unsigned long long dev;
	struct statfs sfs;
	struct stat st;
	int val[2];

	if (statfs("/proc", &sfs))
		tst_brk(TBROK | TERRNO, "statfs(/proc)");
	SAFE_STAT("/proc", &st);
	memcpy(val, &sfs.f_fsid, sizeof(val));
	dev = st.st_dev;
	if (simple_fsid)
		TST_EXP_EXPR((unsigned int)val[0] == (unsigned int)dev &&
			     (unsigned int)val[1] == (unsigned int)(dev >> 32),
			     "statfs(/proc) f_fsid %08x:%08x is st_dev 0x%llx",
			     val[0], val[1], dev);
	else
		TST_EXP_EXPR(!val[0] && !val[1],
			     "statfs(/proc) f_fsid %08x:%08x is zero before "
			     "6.7", val[0], val[1]);
	MARK_FAIL(fid, FAN_MARK_ADD | FAN_MARK_FILESYSTEM, FAN_OPEN, AT_FDCWD,
		  "/proc", simple_fsid ? EOPNOTSUPP : ENODEV,
		  simple_fsid ? "file ids of /proc (an fsid, no export "
		  "operations)" : "file ids of /proc (no fsid)");
}

static void test_mark(void)
{
	int fan, fid, dfid, tgt, perm, pipefd[2], fd;

	fan = fan_init(FAN_CLASS_NOTIF, O_RDONLY);
	fid = fan_init(FAN_CLASS_NOTIF | FAN_REPORT_FID, O_RDONLY);
	dfid = fan_init(FAN_CLASS_NOTIF | FAN_REPORT_FID | FAN_REPORT_DIR_FID,
			O_RDONLY);
	tgt = fan_init(FAN_CLASS_NOTIF | FAN_REPORT_DFID_NAME_TARGET,
		       O_RDONLY);
	perm = fan_init(FAN_CLASS_CONTENT, O_RDONLY);
	SAFE_PIPE(pipefd);

	MARK_FAIL(fan, FAN_MARK_ADD | FAN_MARK_MOUNT | FAN_MARK_FILESYSTEM,
		  FAN_OPEN, AT_FDCWD, ".", EINVAL, "mount and filesystem");
	MARK_FAIL(fan, FAN_MARK_ADD | FAN_MARK_REMOVE, FAN_OPEN, AT_FDCWD,
		  ".", EINVAL, "FAN_MARK_ADD | FAN_MARK_REMOVE");
	MARK_FAIL(fan, 0, FAN_OPEN, AT_FDCWD, ".", EINVAL, "no command");
	MARK_FAIL(fan, FAN_MARK_ADD, 0, AT_FDCWD, ".", EINVAL, "mask 0");
	MARK_FAIL(fan, FAN_MARK_ADD, FAN_OPEN | (1ULL << 32), AT_FDCWD, ".",
		  EINVAL, "mask bit 32");
	MARK_FAIL(fan, FAN_MARK_FLUSH | FAN_MARK_ONLYDIR, 0, AT_FDCWD, NULL,
		  EINVAL, "FAN_MARK_FLUSH | FAN_MARK_ONLYDIR");
	MARK_FAIL(fan, FAN_MARK_ADD | FAN_MARK_IGNORE | FAN_MARK_IGNORED_MASK,
		  FAN_OPEN, AT_FDCWD, "file", EINVAL,
		  "FAN_MARK_IGNORE | FAN_MARK_IGNORED_MASK");
	MARK_FAIL(fan, FAN_MARK_ADD | FAN_MARK_MOUNT | FAN_MARK_IGNORE,
		  FAN_OPEN, AT_FDCWD, ".", EINVAL,
		  "FAN_MARK_IGNORE of a mount without SURV_MODIFY");
	MARK_FAIL(fan, FAN_MARK_ADD | FAN_MARK_IGNORE, FAN_OPEN, AT_FDCWD,
		  "dir", EISDIR,
		  "FAN_MARK_IGNORE of a directory without SURV_MODIFY");
	MARK_FAIL(perm, FAN_MARK_ADD, FAN_OPEN_PERM, AT_FDCWD,
		  "/proc/self/status", EINVAL, "FAN_OPEN_PERM on /proc");
	MARK_FAIL(fid, FAN_MARK_ADD, FAN_FS_ERROR, AT_FDCWD, "file", EINVAL,
		  "FAN_FS_ERROR on an inode mark");
	MARK_FAIL(fan, FAN_MARK_ADD | FAN_MARK_MOUNT | FAN_MARK_EVICTABLE,
		  FAN_OPEN, AT_FDCWD, ".", EINVAL,
		  "FAN_MARK_EVICTABLE on a mount mark");
	MARK_FAIL(fan, FAN_MARK_ADD, FAN_CREATE, AT_FDCWD, "dir", EINVAL,
		  "FAN_CREATE without file ids");
	MARK_FAIL(fid, FAN_MARK_ADD | FAN_MARK_MOUNT, FAN_CREATE, AT_FDCWD,
		  ".", EINVAL, "FAN_CREATE on a mount mark");
	MARK_FAIL(dfid, FAN_MARK_ADD, FAN_RENAME, AT_FDCWD, "dir", EINVAL,
		  "FAN_RENAME without FAN_REPORT_NAME");
	MARK_FAIL(fan, FAN_MARK_ADD | FAN_MARK_MOUNT, FAN_ACCESS, pipefd[0],
		  NULL, EINVAL, "mount mark on a pipe");
	MARK_FAIL(fan, FAN_MARK_ADD | FAN_MARK_FILESYSTEM, FAN_ACCESS,
		  pipefd[0], NULL, EINVAL, "filesystem mark on a pipe");
	TST_EXP_PASS(fanotify_mark(fan, FAN_MARK_ADD, FAN_ACCESS, pipefd[0],
				   NULL), "fanotify_mark(): inode mark on a pipe");
	MARK_FAIL(tgt, FAN_MARK_ADD, FAN_CREATE, AT_FDCWD, "file", ENOTDIR,
		  "FAN_CREATE on a file, FAN_REPORT_TARGET_FID");
	MARK_FAIL(tgt, FAN_MARK_ADD, FAN_OPEN | FAN_ONDIR, AT_FDCWD, "file",
		  ENOTDIR, "FAN_ONDIR on a file, FAN_REPORT_TARGET_FID");
	MARK_FAIL(dfid, FAN_MARK_ADD | FAN_MARK_IGNORE_SURV, FAN_CREATE,
		  AT_FDCWD, "file", ENOTDIR, "FAN_MARK_IGNORE, FAN_CREATE on a "
		  "file");
	MARK_FAIL(-1, FAN_MARK_ADD, FAN_OPEN, AT_FDCWD, ".", EBADF, "fd -1");
	fd = SAFE_OPEN("file", O_RDONLY);
	MARK_FAIL(fd, FAN_MARK_ADD, FAN_OPEN, AT_FDCWD, ".", EINVAL,
		  "a regular file's fd");
	SAFE_CLOSE(fd);
	MARK_FAIL(fan, FAN_MARK_ADD, FAN_OPEN, AT_FDCWD, "missing", ENOENT,
		  "a missing path");
	proc_fid_mark(fid);

	SAFE_CLOSE(pipefd[0]);
	SAFE_CLOSE(pipefd[1]);
	fan_close(fan);
	fan_close(fid);
	fan_close(dfid);
	fan_close(tgt);
	fan_close(perm);
}

static void nobody_checks(void)
{
	static const struct {
		unsigned int flags;
		const char *what;
	} c[] = {
		{FAN_CLASS_NOTIF, "no file ids"},
		{FAN_CLASS_CONTENT | FAN_REPORT_FID, "FAN_CLASS_CONTENT"},
		{FAN_CLASS_PRE_CONTENT | FAN_REPORT_FID,
		 "FAN_CLASS_PRE_CONTENT"},
		{FAN_REPORT_FID | FAN_UNLIMITED_QUEUE, "FAN_UNLIMITED_QUEUE"},
		{FAN_REPORT_FID | FAN_UNLIMITED_MARKS, "FAN_UNLIMITED_MARKS"},
		{FAN_REPORT_FID | FAN_REPORT_TID, "FAN_REPORT_TID"},
		{FAN_REPORT_FID | FAN_REPORT_PIDFD, "FAN_REPORT_PIDFD"},
	};
	unsigned int i;
	int fan;

	for (i = 0; i < ARRAY_SIZE(c); i++)
		TST_EXP_FAIL(fanotify_init(c[i].flags, O_RDONLY), EPERM,
			     "fanotify_init() as nobody: %s", c[i].what);
	fan = fan_init(FAN_CLASS_NOTIF | FAN_REPORT_FID, O_RDONLY);
	MARK_FAIL(fan, FAN_MARK_ADD | FAN_MARK_MOUNT, FAN_OPEN, AT_FDCWD, ".",
		  EPERM, "mount mark as nobody");
	MARK_FAIL(fan, FAN_MARK_ADD | FAN_MARK_FILESYSTEM, FAN_OPEN, AT_FDCWD,
		  ".", EPERM, "filesystem mark as nobody");
	TST_EXP_PASS(fanotify_mark(fan, FAN_MARK_ADD, FAN_OPEN, AT_FDCWD,
				   "file"), "inode mark as nobody");
	/* hand the group to root */
	if (send_fds(nobody_sock[1], &fan, 1) != 1)
		tst_brk(TBROK | TERRNO, "send_fds()");
	fan_close(fan);
}

static void test_unpriv(void)
{
	struct ucred cred;
	int fds[1] = {-1}, n = 0, flags;

	if (tst_kvercmp(5, 13, 0) < 0) {
		tst_res(TCONF, "unprivileged fanotify needs Linux 5.13");
		return;
	}
	run_in_nobody_child(nobody_checks, "checks as nobody");
	if (recv_scm(nobody_sock[0], MSG_DONTWAIT, sizeof(union scm_buf), fds, 1, &n, &cred,
		     &flags) != 1 || n != 1)
		tst_brk(TBROK, "no group from nobody's child");
	MARK_FAIL(fds[0], FAN_MARK_ADD | FAN_MARK_MOUNT, FAN_OPEN, AT_FDCWD,
		  ".", EPERM, "root, mount mark in nobody's group");
	MARK_FAIL(fds[0], FAN_MARK_ADD | FAN_MARK_FILESYSTEM, FAN_OPEN,
		  AT_FDCWD, ".", EPERM, "root, filesystem mark in nobody's "
		  "group");
	SAFE_CLOSE(fds[0]);
}

static void limits_child(void)
{
	int fans[LIMIT + 1], i, n = 0, fd;
	char name[32];

	for (i = 0; i < LIMIT; i++) {
		fans[i] = fanotify_init(FAN_CLASS_NOTIF | FAN_REPORT_FID,
					O_RDONLY);
		if (fans[i] >= 0)
			n++;
	}
	TST_EXP_EXPR(n == LIMIT, "nobody made %d groups (limit %d)", n,
		     LIMIT);
	TST_EXP_FAIL(fanotify_init(FAN_CLASS_NOTIF | FAN_REPORT_FID,
				   O_RDONLY), EMFILE, "group %d", LIMIT + 1);
	for (i = 1; i < LIMIT; i++) {
		if (fans[i] >= 0)
			SAFE_CLOSE(fans[i]);
	}
	TST_EXP_FD(fd = fanotify_init(FAN_CLASS_NOTIF | FAN_REPORT_FID,
				      O_RDONLY), "a group again after closing");
	if (fd >= 0)
		SAFE_CLOSE(fd);

	n = 0;
	for (i = 0; i < LIMIT; i++) {
		snprintf(name, sizeof(name), "m%d", i);
		if (!fanotify_mark(fans[0], FAN_MARK_ADD, FAN_OPEN, AT_FDCWD,
				   name))
			n++;
	}
	TST_EXP_EXPR(n == LIMIT, "nobody set %d marks (limit %d)", n, LIMIT);
	TST_EXP_FAIL(fanotify_mark(fans[0], FAN_MARK_ADD, FAN_OPEN, AT_FDCWD,
				   "m" "8"), ENOSPC, "mark %d", LIMIT + 1);
	TST_EXP_PASS(fanotify_mark(fans[0], FAN_MARK_ADD, FAN_CLOSE, AT_FDCWD,
				   "m0"), "a new event on a marked file");
	SAFE_CLOSE(fans[0]);
}

static void test_limits(void)
{
	int fan, i, n = 0;
	char name[32];

	if (access(GROUPS_PATH, F_OK)) {
		tst_res(TCONF, "no %s (Linux 5.13)", GROUPS_PATH);
		return;
	}
	run_in_nobody_child(limits_child, "the limits as nobody");
	/* root with FAN_UNLIMITED_MARKS passes the mark limit */
	fan = fan_init(FAN_CLASS_NOTIF | FAN_UNLIMITED_MARKS, O_RDONLY);
	for (i = 0; i <= LIMIT; i++) {
		snprintf(name, sizeof(name), "m%d", i);
		if (!fanotify_mark(fan, FAN_MARK_ADD, FAN_OPEN, AT_FDCWD,
				   name))
			n++;
	}
	TST_EXP_EXPR(n == LIMIT + 1, "FAN_UNLIMITED_MARKS: %d marks (want %d)",
		     n, LIMIT + 1);
	fan_close(fan);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_init();
		break;
	case 1:
		test_mark();
		break;
	case 2:
		test_unpriv();
		break;
	case 3:
		test_limits();
		break;
	}
}

static void setup(void)
{
	char name[32];
	int fd, i;

	fd = SAFE_OPEN("file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	SAFE_MKDIR("dir", 0755);
	for (i = 0; i <= LIMIT; i++) {
		snprintf(name, sizeof(name), "m%d", i);
		fd = SAFE_OPEN(name, O_CREAT | O_WRONLY, 0644);
		SAFE_CLOSE(fd);
	}
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, nobody_sock);
}

static void cleanup(void)
{
	if (nobody_sock[0] >= 0) {
		SAFE_CLOSE(nobody_sock[0]);
		SAFE_CLOSE(nobody_sock[1]);
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.min_kver = "6.0",
	/* the FAN_OPEN_PERM mark attempt taints with TAINT_AUX */
	.expected_taint = "X",
	.save_restore = (const struct tst_path_val[]) {
		{GROUPS_PATH, "8", TST_SR_TCONF_MISSING},
		{MARKS_PATH, "8", TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
	.tags = (const struct tst_tag[]) {
		/* fanotify: disallow mount/sb marks on kernel internal pseudo fs */
		{"linux-git", "69562eb0bd3e"},
		/* fanotify: do not allow setting dirent events in mask of non-dir */
		{"linux-git", "ceaf69f8eadc"},
		/* fanotify: refine the validation checks on non-dir inode mask */
		{"linux-git", "8698e3bab4dd"},
		/* fanotify: fix permission model of unprivileged group */
		{"linux-git", "a8b98c808eab"},
		{}
	},
};
