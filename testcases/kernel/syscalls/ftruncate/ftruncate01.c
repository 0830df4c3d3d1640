// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ftruncate(2) sets the size of the file open for writing:
 * - shrinking keeps the leading bytes, growing reads back zeros past the
 *   old end, and mtime/ctime move forward;
 * - the file offset is not changed: a write after shrinking below the
 *   offset leaves a hole of zeros;
 * - an O_APPEND fd can be truncated;
 * - permission is checked at open(): as nobody, an fd opened for writing
 *   still truncates after the file was made mode 0000.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define FILE_NAME "ftruncate01_file"
#define OWN_FILE "ftruncate01_own"

static void setup(void)
{
	uid_t uid;
	gid_t gid;

	fsm_nobody_ids(&uid, &gid);
	fsm_create_file(OWN_FILE, 0644, "0123456789");
	SAFE_CHOWN(OWN_FILE, uid, gid);
}

static int all_zero(const char *p, size_t len)
{
	while (len--) {
		if (*p++)
			return 0;
	}
	return 1;
}

static void check_sizes(void)
{
	char buf[64];
	struct stat before, st;
	int fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0644);

	SAFE_WRITE(1, fd, "abcdefghijklmnopqrst", 20);
	SAFE_FSTAT(fd, &before);
	fsm_next_tick();
	TST_EXP_PASS(ftruncate(fd, 5), "ftruncate(fd, 5)");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, 5);
	TST_EXP_EXPR(fsm_ts_cmp(&st.st_mtim, &before.st_mtim) > 0 &&
		     fsm_ts_cmp(&st.st_ctim, &before.st_ctim) > 0,
		     "mtime and ctime moved forward");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 20);

	/* The offset stayed at 20: this write leaves a hole at 5..19. */
	SAFE_WRITE(1, fd, "Z", 1);
	SAFE_PREAD(1, fd, buf, 21, 0);
	TST_EXP_EXPR(!memcmp(buf, "abcde", 5) && all_zero(buf + 5, 15) &&
		     buf[20] == 'Z', "\"abcde\", 15 zeros, \"Z\" read back");

	TST_EXP_PASS(ftruncate(fd, 64), "ftruncate(fd, 64)");
	SAFE_PREAD(1, fd, buf, 64, 0);
	TST_EXP_EXPR(buf[20] == 'Z' && all_zero(buf + 21, 43),
		     "bytes 21..63 read zeros");
	SAFE_CLOSE(fd);

	fd = SAFE_OPEN(FILE_NAME, O_WRONLY | O_APPEND);
	TST_EXP_PASS(ftruncate(fd, 2), "ftruncate() of an O_APPEND fd");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, 2);
	SAFE_CLOSE(fd);
}

static void nobody_open_then_chmod(void)
{
	struct stat st;
	int fd = SAFE_OPEN(OWN_FILE, O_WRONLY);

	SAFE_CHMOD(OWN_FILE, 0000);
	TST_EXP_PASS(ftruncate(fd, 4),
		     "ftruncate() as nobody of an fd whose file is now 0000");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, 4);
	SAFE_CLOSE(fd);
	SAFE_CHMOD(OWN_FILE, 0644);
}

static void run(unsigned int n)
{
	if (n == 0)
		check_sizes();
	else
		fsm_as_nobody(nobody_open_then_chmod);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no per-file owner or mode: they come from "
			 "the mount options (chmod/chown: EPERM)"},
		{"exfat", "exFAT has no per-file owner or mode: they come "
			  "from the mount options (chmod/chown: EPERM)"},
		{}
	},
	.forks_child = 1,
};
