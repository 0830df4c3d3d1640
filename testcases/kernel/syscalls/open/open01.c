// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open(2) does what its flags say, and the result is visible:
 * - O_CREAT makes a regular file of size 0, owned by the caller, with the
 *   permission bits (mode & ~umask), for two umasks;
 * - the lowest free descriptor is returned;
 * - the access mode and O_APPEND, O_NONBLOCK show in F_GETFL and in
 *   /proc/self/fdinfo; O_CLOEXEC shows in F_GETFD, its absence too;
 * - O_TRUNC empties an existing file, O_APPEND makes every write land at
 *   the end whatever the offset;
 * - O_CREAT without O_EXCL opens an existing file and keeps its data and
 *   mode;
 * - O_DIRECTORY opens a directory, O_NOFOLLOW a regular file, O_PATH a
 *   file without read or write access.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"
#include "legacy_raw.h"

#define FNAME "open01_file"
#define DATA "0123456789"

static void check_mode(const char *name, mode_t umask_val, mode_t mode)
{
	mode_t exp = mode & ~umask_val;
	struct stat st;
	int fd;

	umask(umask_val);
	TST_EXP_FD(sys_open(name, O_RDWR | O_CREAT | O_EXCL, mode),
		   "open(%s, O_CREAT | O_EXCL, 0%o) with umask 0%o", name,
		   mode, umask_val);
	fd = TST_RET;
	if (fd < 0)
		return;
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(S_ISREG(st.st_mode) && (st.st_mode & 07777) == exp &&
		     st.st_size == 0 && st.st_uid == geteuid(),
		     "new file is regular, mode 0%o (expected 0%o), size %ld, "
		     "uid %d", st.st_mode & 07777, exp, (long)st.st_size,
		     (int)st.st_uid);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(name);
}

static void test_create(void)
{
	check_mode(FNAME, 022, 0666);
	check_mode(FNAME, 077, 0754);
	umask(022);
}

static void test_lowest_fd(void)
{
	int a = SAFE_OPEN(FNAME, O_RDONLY);
	int b = SAFE_OPEN(FNAME, O_RDONLY);
	int freed = a;

	SAFE_CLOSE(a);
	TST_EXP_VAL(sys_open(FNAME, O_RDONLY), freed,
		    "open() after closing fd %d (fd %d still open) returns it",
		    freed, b);
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	SAFE_CLOSE(b);
}

static struct flag_case {
	int flags;
	int exp_fl;		/* what F_GETFL must hold of the tested bits */
	int exp_cloexec;
} flag_cases[] = {
	{ O_RDONLY, O_RDONLY, 0 },
	{ O_WRONLY, O_WRONLY, 0 },
	{ O_RDWR, O_RDWR, 0 },
	{ O_RDWR | O_APPEND, O_RDWR | O_APPEND, 0 },
	{ O_RDONLY | O_NONBLOCK, O_RDONLY | O_NONBLOCK, 0 },
	{ O_WRONLY | O_CLOEXEC, O_WRONLY, 1 },
};

static void test_flags(void)
{
	const int mask = O_ACCMODE | O_APPEND | O_NONBLOCK;
	unsigned int i;
	long fdinfo;
	int fd, fl, fdfl;

	for (i = 0; i < sizeof(flag_cases) / sizeof(flag_cases[0]); i++) {
		struct flag_case *fc = &flag_cases[i];

		fd = sys_open(FNAME, fc->flags);
		if (fd < 0) {
			tst_res(TFAIL | TERRNO, "open(0%o)", fc->flags);
			continue;
		}
		fl = fcntl(fd, F_GETFL);
		fdfl = fcntl(fd, F_GETFD);
		fdinfo = fio_fdinfo_flags(fd);
		TST_EXP_EXPR((fl & mask) == fc->exp_fl &&
			     !!(fdfl & FD_CLOEXEC) == fc->exp_cloexec,
			     "open(0%o): F_GETFL 0%o, F_GETFD %d", fc->flags,
			     fl, fdfl);
		TST_EXP_EXPR((fdinfo & mask) == fc->exp_fl &&
			     !!(fdinfo & O_CLOEXEC) == fc->exp_cloexec,
			     "open(0%o): fdinfo flags 0%lo", fc->flags, fdinfo);
		SAFE_CLOSE(fd);
	}
}

static void test_trunc_append(void)
{
	char buf[32];
	struct stat st;
	int fd;

	fd = SAFE_OPEN(FNAME, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, DATA, strlen(DATA));
	SAFE_CLOSE(fd);

	/* O_CREAT on an existing file neither fails nor truncates it. */
	SAFE_CHMOD(FNAME, 0640);
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0600);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(st.st_size == (off_t)strlen(DATA) &&
		     (st.st_mode & 07777) == 0640,
		     "O_CREAT on an existing file kept size %ld, mode 0%o",
		     (long)st.st_size, st.st_mode & 07777);
	SAFE_CLOSE(fd);

	fd = SAFE_OPEN(FNAME, O_RDWR | O_APPEND);
	SAFE_LSEEK(fd, 2, SEEK_SET);
	SAFE_WRITE(1, fd, "ab", 2);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), strlen(DATA) + 2);
	SAFE_PREAD(1, fd, buf, strlen(DATA) + 2, 0);
	TST_EXP_EXPR(!memcmp(buf, DATA "ab", strlen(DATA) + 2),
		     "O_APPEND write after lseek(2) landed at the end");
	SAFE_CLOSE(fd);

	fd = SAFE_OPEN(FNAME, O_RDWR | O_TRUNC);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, 0);
	TST_EXP_VAL(read(fd, buf, sizeof(buf)), 0,
		    "read() after O_TRUNC finds no data");
	SAFE_CLOSE(fd);
}

static void test_special(void)
{
	int fd;

	SAFE_MKDIR("open01_dir", 0700);
	TST_EXP_FD(sys_open("open01_dir", O_RDONLY | O_DIRECTORY));
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	SAFE_RMDIR("open01_dir");

	TST_EXP_FD(sys_open(FNAME, O_RDONLY | O_NOFOLLOW));
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);

	/* O_PATH: the fd names the file, but cannot read or write it. */
	TST_EXP_FD(sys_open(FNAME, O_PATH));
	fd = TST_RET;
	if (fd < 0)
		return;
	TST_EXP_EXPR(fcntl(fd, F_GETFL) & O_PATH, "F_GETFL shows O_PATH");
	TST_EXP_FAIL(read(fd, &fd, 1), EBADF, "read() from an O_PATH fd");
	SAFE_CLOSE(fd);
}

static void run(void)
{
	test_create();
	test_trunc_append();
	test_lowest_fd();
	test_flags();
	test_special();
	SAFE_UNLINK(FNAME);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no per-file owner or mode: they come from "
			 "the mount options (chmod/chown: EPERM)"},
		{"exfat", "exFAT has no per-file owner or mode: they come "
			  "from the mount options (chmod/chown: EPERM)"},
		{}
	},
};
