// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * creat(2) is open(path, O_CREAT | O_WRONLY | O_TRUNC, mode):
 * - a new file gets mode & ~umask and size 0 (on vfat and exFAT, which
 *   keep no mode, 0777 & ~fmask of the mount: mode and umask ignored);
 * - an existing file is truncated to 0 and keeps its mode and inode;
 * - the fd is write-only (F_GETFL O_WRONLY, read() fails with EBADF) and
 *   not close-on-exec; what is written lands in the file.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fs_matrix.h"

#define FNAME "creat01_file"
#define DATA "some data"

static void check_fd(int fd)
{
	char buf[sizeof(DATA)];

	TST_EXP_EXPR((fcntl(fd, F_GETFL) & O_ACCMODE) == O_WRONLY,
		     "F_GETFL access mode is O_WRONLY");
	TST_EXP_EQ_LI(fcntl(fd, F_GETFD) & FD_CLOEXEC, 0);
	TST_EXP_FAIL(read(fd, buf, 1), EBADF, "read() from a creat() fd");
	SAFE_WRITE(1, fd, DATA, sizeof(DATA));
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(FNAME, O_RDONLY);
	SAFE_READ(1, fd, buf, sizeof(buf));
	TST_EXP_EXPR(!memcmp(buf, DATA, sizeof(DATA)), "written data is there");
	SAFE_CLOSE(fd);
}

static void run(void)
{
	struct stat st, old;
	mode_t exp = 0640;
	int fd;

	/* FAT and exFAT ignore the mode and the umask: 0777 & ~fmask */
	if (fs_is("vfat exfat"))
		exp = 0777 & ~fs_fat_mask("fmask");
	umask(027);
	TST_EXP_FD(creat(FNAME, 0666), "creat() of a new file, umask 027");
	if (TST_RET < 0)
		return;
	fd = TST_RET;
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(S_ISREG(st.st_mode) && (st.st_mode & 07777) == exp &&
		     st.st_size == 0, "new file: mode 0%o (expected 0%o), "
		     "size %ld", st.st_mode & 07777, exp, (long)st.st_size);
	check_fd(fd);

	SAFE_STAT(FNAME, &old);
	TST_EXP_FD(creat(FNAME, 0600), "creat() of the existing file");
	if (TST_RET < 0)
		return;
	fd = TST_RET;
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(st.st_size == 0 && st.st_ino == old.st_ino &&
		     (st.st_mode & 07777) == exp,
		     "existing file truncated, same inode, mode 0%o kept",
		     st.st_mode & 07777);
	check_fd(fd);
	SAFE_UNLINK(FNAME);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.all_filesystems = 1,
};
