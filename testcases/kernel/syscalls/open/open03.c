// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open(2) with O_TMPFILE makes an unnamed regular file in the directory:
 * - it has link count 0, the requested mode, holds what is written, and
 *   adds no entry to the directory;
 * - linkat() through /proc/self/fd gives it a name, with its data and
 *   link count 1;
 * - with O_EXCL it can never be linked (linkat() fails with ENOENT);
 * - a path that is not a directory fails with ENOTDIR.
 * vfat, exfat and ntfs3 have no O_TMPFILE: EOPNOTSUPP there is asserted
 * (then the rest is TCONF); EOPNOTSUPP anywhere else fails (fs_lacks()).
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fs_matrix.h"
#include "legacy_raw.h"

#define DIRNAME "open03_dir"
#define DATA "unnamed data"

static int count_entries(const char *path)
{
	DIR *d = opendir(path);
	int n = 0;

	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(%s)", path);
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

static int link_fd(int fd, const char *name)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	return linkat(AT_FDCWD, path, AT_FDCWD, name, AT_SYMLINK_FOLLOW);
}

static void run(void)
{
	int entries = count_entries(DIRNAME);
	char buf[sizeof(DATA)];
	struct stat st;
	int fd;

	fd = sys_open(DIRNAME, O_TMPFILE | O_RDWR, 0640);
	/*
	 * FAT, exFAT and ntfs3 have no O_TMPFILE (no ->tmpfile; open(2):
	 * EOPNOTSUPP)
	 */
	if (fd < 0 && errno == EOPNOTSUPP)
		fs_lacks("vfat exfat ntfs3", "O_TMPFILE", errno);
	if (fd < 0)
		tst_brk(TFAIL | TERRNO, "open(O_TMPFILE | O_RDWR)");

	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(S_ISREG(st.st_mode) && st.st_nlink == 0 &&
		     (st.st_mode & 07777) == 0640,
		     "O_TMPFILE file: regular, nlink %lu, mode 0%o",
		     (unsigned long)st.st_nlink, st.st_mode & 07777);
	SAFE_WRITE(1, fd, DATA, sizeof(DATA));
	SAFE_PREAD(1, fd, buf, sizeof(buf), 0);
	TST_EXP_EXPR(!memcmp(buf, DATA, sizeof(DATA)), "data read back");
	TST_EXP_EQ_LI(count_entries(DIRNAME), entries);

	TST_EXP_PASS(link_fd(fd, DIRNAME "/named"),
		     "linkat() of the O_TMPFILE fd");
	SAFE_CLOSE(fd);
	if (TST_PASS) {
		SAFE_STAT(DIRNAME "/named", &st);
		TST_EXP_EQ_LI(st.st_nlink, 1);
		fd = SAFE_OPEN(DIRNAME "/named", O_RDONLY);
		memset(buf, 0, sizeof(buf));
		SAFE_READ(1, fd, buf, sizeof(buf));
		TST_EXP_EXPR(!memcmp(buf, DATA, sizeof(DATA)),
			     "the linked name holds the data");
		SAFE_CLOSE(fd);
		SAFE_UNLINK(DIRNAME "/named");
	}

	fd = SAFE_OPEN(DIRNAME, O_TMPFILE | O_EXCL | O_WRONLY, 0600);
	TST_EXP_FAIL(link_fd(fd, DIRNAME "/excl"), ENOENT,
		     "linkat() of an O_TMPFILE | O_EXCL fd");
	SAFE_CLOSE(fd);
	TST_EXP_EQ_LI(count_entries(DIRNAME), entries);

	fd = SAFE_OPEN("open03_file", O_WRONLY | O_CREAT, 0600);
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(sys_open("open03_file", O_TMPFILE | O_RDWR, 0600), ENOTDIR,
		     "open(regular file, O_TMPFILE)");
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
}

static void setup(void)
{
	umask(0);
	SAFE_MKDIR(DIRNAME, 0700);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
};
