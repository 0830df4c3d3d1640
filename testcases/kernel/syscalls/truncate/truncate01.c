// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * truncate(2) sets the file size and keeps the data below it:
 * - shrinking keeps the first bytes, later reads stop at the new size;
 * - growing reads back zeros past the old end (also after shrinking,
 *   where stale data was);
 * - mtime and ctime move forward when the size changes;
 * - a symlink is followed;
 * - as nobody: root's mode 0666 file can be truncated (write permission
 *   is all it takes); truncating its own setuid/setgid, group-executable
 *   file clears S_ISUID and S_ISGID.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define FILE_NAME "truncate01_file"
#define LINK_NAME "truncate01_link"
#define SHARED "truncate01_shared"
#define OWN_FILE "truncate01_own"
#define BIG 10000

static char buf[BIG];

static void setup(void)
{
	uid_t uid;
	gid_t gid;

	fsm_nobody_ids(&uid, &gid);
	FSM_SAFE(symlink(FILE_NAME, LINK_NAME));
	fsm_create_file(SHARED, 0666, "0123456789");
	fsm_create_file(OWN_FILE, 0644, "0123456789");
	SAFE_CHOWN(OWN_FILE, uid, gid);
}

static void fill_file(void)
{
	int fd = SAFE_OPEN(FILE_NAME, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	memset(buf, 'a', 100);
	SAFE_WRITE(1, fd, buf, 100);
	SAFE_CLOSE(fd);
}

static int all_zero(const char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (p[i])
			return 0;
	}
	return 1;
}

static void check_sizes(void)
{
	struct stat before, st;
	int fd;

	fill_file();
	SAFE_STAT(FILE_NAME, &before);
	fsm_next_tick();
	TST_EXP_PASS(truncate(FILE_NAME, 10), "truncate(file, 10)");
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EQ_LI(st.st_size, 10);
	TST_EXP_EXPR(fsm_ts_cmp(&st.st_mtim, &before.st_mtim) > 0 &&
		     fsm_ts_cmp(&st.st_ctim, &before.st_ctim) > 0,
		     "mtime and ctime moved forward");

	TST_EXP_PASS(truncate(LINK_NAME, BIG), "truncate(link, %d)", BIG);
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EQ_LI(st.st_size, BIG);

	fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
	memset(buf, 'x', sizeof(buf));
	SAFE_READ(1, fd, buf, BIG);
	TST_EXP_EXPR(!memcmp(buf, "aaaaaaaaaa", 10),
		     "the first 10 bytes are kept");
	TST_EXP_EXPR(all_zero(buf + 10, BIG - 10),
		     "bytes 10..%d, cut off and regrown, read zeros", BIG - 1);
	TST_EXP_VAL(read(fd, buf, 1), 0, "read() at the new end");
	SAFE_CLOSE(fd);
}

static void nobody_cases(void)
{
	struct stat st;

	TST_EXP_PASS(truncate(SHARED, 3),
		     "truncate() of root's mode 0666 file as nobody");
	SAFE_STAT(SHARED, &st);
	TST_EXP_EQ_LI(st.st_size, 3);

	TST_EXP_PASS(truncate(OWN_FILE, 5),
		     "truncate() of its own mode 06775 file as nobody");
	SAFE_STAT(OWN_FILE, &st);
	TST_EXP_EXPR((st.st_mode & 07777) == 0775 && st.st_size == 5,
		     "S_ISUID and S_ISGID cleared: mode %04o, size %ld",
		     st.st_mode & 07777, (long)st.st_size);
}

static void run(unsigned int n)
{
	if (n == 0) {
		check_sizes();
		return;
	}
	SAFE_CHMOD(OWN_FILE, 06775);
	fsm_as_nobody(nobody_cases);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no symbolic links (symlink(2): EPERM)"},
		{"exfat", "exFAT has no symbolic links (symlink(2): EPERM)"},
		{}
	},
	.forks_child = 1,
};
