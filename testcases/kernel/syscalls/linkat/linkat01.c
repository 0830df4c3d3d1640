// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkat(2):
 * - names relative to two different dirfds link the same inode;
 * - flags 0 links a symlink itself, AT_SYMLINK_FOLLOW links its target;
 * - AT_EMPTY_PATH (root, CAP_DAC_READ_SEARCH) links the file an fd refers
 *   to, which gives an O_TMPFILE file a name: its data and a st_nlink of 1
 *   show up under that name; an O_TMPFILE | O_EXCL file cannot be linked
 *   (ENOENT). ntfs3 has no O_TMPFILE: EOPNOTSUPP asserted there (and
 *   TCONF on an unknown tmpdir filesystem without it);
 * - EINVAL for an unknown flag, EBADF for dirfd -1, ENOTDIR for dirfd a
 *   regular file, ENOENT for "" without AT_EMPTY_PATH, EEXIST.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fs_matrix.h"
#include "fsmeta.h"

#define SRC_DIR "linkat01_src"
#define DST_DIR "linkat01_dst"

static int src_fd = -1, dst_fd = -1, file_fd = -1;

static void setup(void)
{
	SAFE_MKDIR(SRC_DIR, 0755);
	SAFE_MKDIR(DST_DIR, 0755);
	fsm_create_file(SRC_DIR "/file", 0644, "x");
	FSM_SAFE(symlink("file", SRC_DIR "/link"));
	src_fd = SAFE_OPEN(SRC_DIR, O_RDONLY | O_DIRECTORY);
	dst_fd = SAFE_OPEN(DST_DIR, O_RDONLY | O_DIRECTORY);
	file_fd = SAFE_OPEN(SRC_DIR "/file", O_RDONLY);
}

static void cleanup(void)
{
	if (src_fd >= 0)
		SAFE_CLOSE(src_fd);
	if (dst_fd >= 0)
		SAFE_CLOSE(dst_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
}

static ino_t ino_of(int dfd, const char *name, int flags)
{
	struct stat st;

	FSM_SAFE(fstatat(dfd, name, &st, flags));
	return st.st_ino;
}

static void check_dirfds_and_follow(void)
{
	TST_EXP_PASS(linkat(src_fd, "file", dst_fd, "a", 0),
		     "linkat(srcfd, \"file\", dstfd, \"a\", 0)");
	TST_EXP_EQ_LU(ino_of(dst_fd, "a", 0), ino_of(src_fd, "file", 0));

	TST_EXP_PASS(linkat(src_fd, "link", dst_fd, "b", 0),
		     "linkat() of a symlink, flags 0");
	TST_EXP_EQ_LU(ino_of(dst_fd, "b", AT_SYMLINK_NOFOLLOW),
		      ino_of(src_fd, "link", AT_SYMLINK_NOFOLLOW));

	TST_EXP_PASS(linkat(src_fd, "link", dst_fd, "c", AT_SYMLINK_FOLLOW),
		     "linkat() of a symlink, AT_SYMLINK_FOLLOW");
	TST_EXP_EQ_LU(ino_of(dst_fd, "c", AT_SYMLINK_NOFOLLOW),
		      ino_of(src_fd, "file", 0));

	TST_EXP_PASS(linkat(file_fd, "", dst_fd, "d", AT_EMPTY_PATH),
		     "linkat(fd, \"\", AT_EMPTY_PATH)");
	TST_EXP_EQ_LU(ino_of(dst_fd, "d", 0), ino_of(src_fd, "file", 0));

	FSM_SAFE(unlinkat(dst_fd, "a", 0));
	FSM_SAFE(unlinkat(dst_fd, "b", 0));
	FSM_SAFE(unlinkat(dst_fd, "c", 0));
	FSM_SAFE(unlinkat(dst_fd, "d", 0));
}

static void check_tmpfile(void)
{
	struct stat st;
	char buf[16];
	int fd = open(DST_DIR, O_TMPFILE | O_RDWR, 0600);

	/* ntfs3 has no ->tmpfile: open(2) documents EOPNOTSUPP for that */
	if (fd < 0 && fs_is("ntfs3")) {
		if (errno == EOPNOTSUPP)
			tst_res(TPASS, "ntfs3 has no O_TMPFILE: EOPNOTSUPP, "
				"as documented");
		else
			tst_res(TFAIL | TERRNO, "ntfs3 O_TMPFILE: expected "
				"EOPNOTSUPP");
		return;
	}
	if (fd < 0 && fs_is("tmpdir") &&
	    (errno == EOPNOTSUPP || errno == EISDIR)) {
		tst_res(TCONF, "the tmpdir's filesystem has no O_TMPFILE");
		return;
	}
	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "open(O_TMPFILE) on %s", tst_fs_type);
		return;
	}
	SAFE_WRITE(1, fd, "tmpfile", 7);
	TST_EXP_PASS(linkat(fd, "", dst_fd, "named", AT_EMPTY_PATH),
		     "linkat() of an O_TMPFILE fd with AT_EMPTY_PATH");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(DST_DIR "/named", O_RDONLY);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(SAFE_READ(0, fd, buf, sizeof(buf)) == 7 &&
		     !memcmp(buf, "tmpfile", 7) && st.st_nlink == 1,
		     "the named file holds the data, st_nlink 1");
	SAFE_CLOSE(fd);
	SAFE_UNLINK(DST_DIR "/named");

	fd = SAFE_OPEN(DST_DIR, O_TMPFILE | O_RDWR | O_EXCL, 0600);
	TST_EXP_FAIL(linkat(fd, "", dst_fd, "excl", AT_EMPTY_PATH), ENOENT,
		     "linkat() of an O_TMPFILE | O_EXCL fd");
	SAFE_CLOSE(fd);
}

static void check_errors(void)
{
	TST_EXP_FAIL(linkat(src_fd, "file", dst_fd, "e", 0x8000000), EINVAL,
		     "linkat() with an unknown flag");
	TST_EXP_FAIL(linkat(-1, "file", dst_fd, "e", 0), EBADF,
		     "linkat() with olddirfd -1");
	TST_EXP_FAIL(linkat(src_fd, "file", -1, "e", 0), EBADF,
		     "linkat() with newdirfd -1");
	TST_EXP_FAIL(linkat(file_fd, "file", dst_fd, "e", 0), ENOTDIR,
		     "linkat() with olddirfd a regular file");
	TST_EXP_FAIL(linkat(file_fd, "", dst_fd, "e", 0), ENOENT,
		     "linkat(fd, \"\") without AT_EMPTY_PATH");
	TST_EXP_FAIL(linkat(src_fd, "file", src_fd, "link", 0), EEXIST,
		     "linkat() onto an existing name");
	TST_EXP_FAIL(faccessat(dst_fd, "e", F_OK, 0), ENOENT,
		     "no name \"e\" was created");
}

static void run(unsigned int n)
{
	void (*const checks[])(void) = {
		check_dirfds_and_follow, check_tmpfile, check_errors,
	};

	checks[n]();
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no hard links or symbolic links (EPERM)"},
		{"exfat", "exFAT has no hard links or symbolic links (EPERM)"},
		{}
	},
};
