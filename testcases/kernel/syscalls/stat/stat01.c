// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * stat(2) reports what was done to a file:
 * - a regular file written with 8 KiB: S_IFREG, the mode it was given,
 *   st_size 8192, st_nlink 1, the creator's uid, the gid a new file gets
 *   in the tmpdir, blocks allocated, st_blksize > 0, and a st_mtime no
 *   earlier than the coarse clock before the write and no later than now;
 * - the same st_dev/st_ino as fstat() on an open fd of the file;
 * - st_nlink 2 after link(), and the link reports the same inode;
 * - a symlink is followed (the target's inode, S_IFREG);
 * - a directory is S_IFDIR and a FIFO S_IFIFO;
 * - stat needs no permission on the file itself: nobody may stat a file
 *   of mode 0000 in a searchable directory.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "legacy_raw.h"

#define FILE_NAME "stat01_file"
#define LINK_NAME "stat01_link"
#define SYMLINK_NAME "stat01_symlink"
#define DIR_NAME "stat01_dir"
#define FIFO_NAME "stat01_fifo"
#define SECRET_NAME "stat01_mode0000"
#define DATA_SIZE 8192

static struct timespec before, after;
static gid_t exp_gid;

static void setup(void)
{
	static char data[DATA_SIZE];
	struct stat dir;
	int fd;

	/* A new file takes the directory's group if it is setgid. */
	SAFE_STAT(".", &dir);
	exp_gid = (dir.st_mode & S_ISGID) ? dir.st_gid : getegid();

	memset(data, 'd', sizeof(data));
	clock_gettime(CLOCK_REALTIME_COARSE, &before);
	fd = SAFE_OPEN(FILE_NAME, O_WRONLY | O_CREAT | O_EXCL, 0600);
	SAFE_WRITE(1, fd, data, sizeof(data));
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
	clock_gettime(CLOCK_REALTIME, &after);
	SAFE_CHMOD(FILE_NAME, 0640);

	FSM_SAFE(symlink(FILE_NAME, SYMLINK_NAME));
	SAFE_MKDIR(DIR_NAME, 0755);
	FSM_SAFE(mkfifo(FIFO_NAME, 0600));
	fsm_create_file(SECRET_NAME, 0000, "secret");
}

static void check_regular_file(void)
{
	struct stat st;

	TST_EXP_PASS(sys_stat(FILE_NAME, &st));
	if (!TST_PASS)
		return;
	TST_EXP_EXPR(S_ISREG(st.st_mode), "S_ISREG, mode %o", st.st_mode);
	TST_EXP_EQ_LI(st.st_mode & 07777, 0640);
	TST_EXP_EQ_LI(st.st_size, DATA_SIZE);
	TST_EXP_EQ_LI(st.st_nlink, 1);
	TST_EXP_EQ_LI(st.st_uid, geteuid());
	TST_EXP_EQ_LI(st.st_gid, exp_gid);
	TST_EXP_EXPR(st.st_blocks > 0, "st_blocks %ld > 0 after 8 KiB written",
		     (long)st.st_blocks);
	TST_EXP_EXPR(st.st_blksize > 0, "st_blksize %ld > 0",
		     (long)st.st_blksize);
	TST_EXP_EXPR(fsm_ts_cmp(&st.st_mtim, &before) >= 0 &&
		     fsm_ts_cmp(&st.st_mtim, &after) <= 0,
		     "st_mtime %ld.%09ld within [%ld.%09ld, %ld.%09ld]",
		     st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
		     before.tv_sec, before.tv_nsec,
		     after.tv_sec, after.tv_nsec);
}

static void check_same_inode(void)
{
	struct stat st, fst, lst;
	int fd = SAFE_OPEN(FILE_NAME, O_RDONLY);

	SAFE_FSTAT(fd, &fst);
	SAFE_CLOSE(fd);
	TST_EXP_PASS(sys_stat(FILE_NAME, &st));
	TST_EXP_EXPR(st.st_dev == fst.st_dev && st.st_ino == fst.st_ino,
		     "stat() and fstat() name the same inode");

	FSM_SAFE(link(FILE_NAME, LINK_NAME));
	TST_EXP_PASS(sys_stat(LINK_NAME, &lst));
	TST_EXP_EQ_LI(lst.st_ino, fst.st_ino);
	TST_EXP_PASS(sys_stat(FILE_NAME, &st));
	TST_EXP_EQ_LI(st.st_nlink, 2);
	SAFE_UNLINK(LINK_NAME);

	TST_EXP_PASS(sys_stat(SYMLINK_NAME, &st));
	TST_EXP_EXPR(S_ISREG(st.st_mode) && st.st_ino == fst.st_ino,
		     "stat() follows the symlink to the file's inode");
}

static void check_types(void)
{
	struct stat st;

	TST_EXP_PASS(sys_stat(DIR_NAME, &st));
	TST_EXP_EXPR(S_ISDIR(st.st_mode), "directory is S_IFDIR (mode %o)",
		     st.st_mode);
	TST_EXP_PASS(sys_stat(FIFO_NAME, &st));
	TST_EXP_EXPR(S_ISFIFO(st.st_mode), "FIFO is S_IFIFO (mode %o)",
		     st.st_mode);
}

static void nobody_stats_mode0000(void)
{
	struct stat st;

	TST_EXP_PASS(sys_stat(SECRET_NAME, &st), "stat() of a mode 0000 file "
		     "as nobody");
	if (TST_PASS)
		TST_EXP_EQ_LI(st.st_mode & 07777, 0);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_regular_file();
		break;
	case 1:
		check_same_inode();
		break;
	case 2:
		check_types();
		break;
	case 3:
		fsm_as_nobody(nobody_stats_mode0000);
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
