// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The old getdents() with struct linux_dirent (no d_type field: the type
 * is the last byte of each record): a directory holding a regular file,
 * a directory, a symlink and a FIFO lists each of them and "." and ".."
 * exactly once, with the inode number stat() reports and the right type
 * in the record's last byte; records are 8-byte aligned and hold the
 * NUL-terminated name; a second call at the end returns 0; the d_off of
 * a record, given to lseek(), resumes the listing at the next record;
 * a buffer too small for one record is EINVAL; EBADF for a closed fd,
 * ENOTDIR for a regular file, EFAULT for an unmapped buffer, ENOENT for
 * a directory removed while open.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <dirent.h>
#include <stddef.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "lapi/dirent.h"

#define DIR_NAME "dir"

static const struct {
	const char *name;
	unsigned char type;
} entries[] = {
	{".", DT_DIR},
	{"..", DT_DIR},
	{"file", DT_REG},
	{"subdir", DT_DIR},
	{"symlink", DT_LNK},
	{"fifo", DT_FIFO},
};

static char buf[4096] __attribute__((aligned(8)));
static void *bad_addr;

static long sys_getdents(unsigned int fd, void *dirp, unsigned int count)
{
	return syscall(__NR_getdents, fd, dirp, count);
}

static int entry_index(const char *name)
{
	unsigned int i;

	for (i = 0; i < sizeof(entries) / sizeof(entries[0]); i++) {
		if (!strcmp(entries[i].name, name))
			return i;
	}
	return -1;
}

static void test_list(void)
{
	int fd = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	unsigned int seen[sizeof(entries) / sizeof(entries[0])] = {0};
	unsigned int i, bad = 0, nrec = 0;
	struct linux_dirent *d;
	char path[64];
	struct stat st;
	long off, len;

	TST_EXP_POSITIVE(sys_getdents(fd, buf, sizeof(buf)),
			 "getdents(dir, 4096-byte buffer)");
	len = TST_RET;
	for (off = 0; off < len; off += d->d_reclen) {
		unsigned char type;
		int idx;

		d = (struct linux_dirent *)(buf + off);
		nrec++;
		if (d->d_reclen % sizeof(long) || d->d_reclen <
		    offsetof(struct linux_dirent, d_name) + 2 ||
		    off + d->d_reclen > len) {
			tst_res(TFAIL, "record at %ld has d_reclen %u", off,
				d->d_reclen);
			bad++;
			break;
		}
		if (!memchr(d->d_name, 0, d->d_reclen -
			    offsetof(struct linux_dirent, d_name) - 1)) {
			tst_res(TFAIL, "record at %ld: name not terminated "
				"before the type byte", off);
			bad++;
			continue;
		}
		type = ((unsigned char *)d)[d->d_reclen - 1];
		idx = entry_index(d->d_name);
		if (idx < 0) {
			tst_res(TFAIL, "unexpected entry '%s'", d->d_name);
			bad++;
			continue;
		}
		seen[idx]++;
		snprintf(path, sizeof(path), DIR_NAME "/%s", d->d_name);
		if (lstat(path, &st))
			tst_brk(TBROK | TERRNO, "lstat(%s)", path);
		if (type != entries[idx].type) {
			tst_res(TFAIL, "'%s': type byte %u, expected %u",
				d->d_name, type, entries[idx].type);
			bad++;
		}
		if (idx != 1 && d->d_ino != st.st_ino) {
			tst_res(TFAIL, "'%s': d_ino %lu, stat says %lu",
				d->d_name, d->d_ino, (unsigned long)st.st_ino);
			bad++;
		}
	}
	for (i = 0; i < sizeof(entries) / sizeof(entries[0]); i++) {
		if (seen[i] != 1) {
			tst_res(TFAIL, "'%s' listed %u times", entries[i].name,
				seen[i]);
			bad++;
		}
	}
	TST_EXP_EXPR(!bad, "%u records: every entry once, with its type "
		     "byte and inode number", nrec);
	TST_EXP_VAL(sys_getdents(fd, buf, sizeof(buf)), 0,
		    "getdents() at the end of the directory");
	SAFE_CLOSE(fd);
}

static void test_resume(void)
{
	int fd = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	struct linux_dirent *d;
	char second[256];
	long len;

	len = sys_getdents(fd, buf, sizeof(buf));
	if (len <= 0)
		tst_brk(TBROK | TERRNO, "getdents() returned %ld", len);
	d = (struct linux_dirent *)buf;
	if (d->d_reclen >= len)
		tst_brk(TBROK, "only one record read");
	snprintf(second, sizeof(second), "%s",
		 ((struct linux_dirent *)(buf + d->d_reclen))->d_name);
	SAFE_LSEEK(fd, d->d_off, SEEK_SET);
	TST_EXP_POSITIVE(sys_getdents(fd, buf, sizeof(buf)),
			 "getdents() after lseek() to the first d_off");
	TST_EXP_EXPR(TST_RET > 0 && !strcmp(d->d_name, second),
		     "listing resumed at the second record '%s' (got '%s')",
		     second, d->d_name);

	SAFE_LSEEK(fd, 0, SEEK_SET);
	TST_EXP_FAIL(sys_getdents(fd, buf, offsetof(struct linux_dirent,
						       d_name) + 2), EINVAL,
		     "getdents() with a buffer too small for one record");
	SAFE_CLOSE(fd);
}

static void test_errors(void)
{
	int fd;

	fd = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	TST_EXP_FAIL(sys_getdents(fd, bad_addr, sizeof(buf)), EFAULT,
		     "getdents(dir, unmapped buffer)");
	SAFE_CLOSE(fd);

	fd = SAFE_OPEN(DIR_NAME "/file", O_RDONLY);
	TST_EXP_FAIL(sys_getdents(fd, buf, sizeof(buf)), ENOTDIR,
		     "getdents(regular file)");
	SAFE_CLOSE(fd);

	fd = SAFE_OPEN(DIR_NAME, O_RDONLY);
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(sys_getdents(fd, buf, sizeof(buf)), EBADF,
		     "getdents(closed fd)");

	SAFE_MKDIR("gone", 0755);
	fd = SAFE_OPEN("gone", O_RDONLY | O_DIRECTORY);
	SAFE_RMDIR("gone");
	TST_EXP_FAIL(sys_getdents(fd, buf, sizeof(buf)), ENOENT,
		     "getdents(directory removed while open)");
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_list();
	else if (n == 1)
		test_resume();
	else
		test_errors();
}

static void setup(void)
{
	int fd;

	SAFE_MKDIR(DIR_NAME, 0755);
	fd = SAFE_OPEN(DIR_NAME "/file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	SAFE_MKDIR(DIR_NAME "/subdir", 0755);
	if (symlink("file", DIR_NAME "/symlink"))
		tst_brk(TBROK | TERRNO, "symlink()");
	if (mkfifo(DIR_NAME "/fifo", 0644))
		tst_brk(TBROK | TERRNO, "mkfifo()");
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no symbolic links (symlink(2): EPERM)"},
		{"exfat", "exFAT has no symbolic links (symlink(2): EPERM)"},
		{}
	},
};
