// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * statfs() and statvfs() on every filesystem of the matrix:
 * - f_type is the filesystem's magic number (EXT4_SUPER_MAGIC for ext2,
 *   ext3 and ext4, XFS_SUPER_MAGIC, BTRFS_SUPER_MAGIC, MSDOS_SUPER_MAGIC,
 *   EXFAT_SUPER_MAGIC, TMPFS_MAGIC);
 * - f_bsize is the preferred I/O size stat() reports for a file on it
 *   (st_blksize), f_frsize equals it, and f_blocks * f_frsize is no more
 *   than the loop device holds;
 * - f_namemax is 255 where names are bytes: a name of exactly that many
 *   bytes can be created and found, one byte more is ENAMETOOLONG for
 *   creat(), mkdir() and stat(). vfat and exfat report 255 * 6 (255 UTF-16
 *   characters, each up to 6 bytes in the mount's character set): there a
 *   name of 255 ASCII characters works and 256 is ENAMETOOLONG (vfat's
 *   lookup does not check the length: stat() of it is ENOENT);
 * - statvfs() f_flag shows ST_RDONLY, ST_NOSUID and ST_NODEV on a read-only,
 *   nosuid, nodev bind mount of the filesystem, and none of them on the
 *   filesystem's own mount; creating a file through the read-only mount is
 *   EROFS.
 * Syscalls: statfs
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/vfs.h>
#include <linux/fs.h>
#include "tst_test.h"
#include "mount_ns.h"

#define RO_DIR "statvfs01_ro"

static const struct {
	const char *fs;
	unsigned long magic;
	unsigned long namemax;
	unsigned int name_chars;	/* longest name that must work */
	int lookup_err;			/* stat() of a longer name */
} fs_facts[] = {
	{ "ext2", 0xEF53, 255, 255, ENAMETOOLONG },
	{ "ext3", 0xEF53, 255, 255, ENAMETOOLONG },
	{ "ext4", 0xEF53, 255, 255, ENAMETOOLONG },
	{ "xfs", 0x58465342, 255, 255, ENAMETOOLONG },
	{ "btrfs", 0x9123683E, 255, 255, ENAMETOOLONG },
	{ "vfat", 0x4d44, 255 * 6, 255, ENOENT },
	{ "exfat", 0x2011BAB0, 255 * 6, 255, ENAMETOOLONG },
	{ "ntfs3", 0x7366746e, 255, 255, ENAMETOOLONG },
	{ "tmpfs", 0x01021994, 255, 255, ENAMETOOLONG },
};

static unsigned int fs_idx;

static void type_and_sizes(void)
{
	struct statfs sf;
	struct statvfs sv;
	struct stat st;
	uint64_t devsize;
	int fd;

	TST_EXP_PASS(statfs(".", &sf), "statfs(.)");
	TST_EXP_EXPR((unsigned long)sf.f_type == fs_facts[fs_idx].magic,
		     "f_type %#lx is the %s magic %#lx",
		     (unsigned long)sf.f_type, tst_fs_type,
		     fs_facts[fs_idx].magic);

	fd = SAFE_OPEN("statvfs01_file", O_CREAT | O_WRONLY, 0644);
	SAFE_FSTAT(fd, &st);
	SAFE_CLOSE(fd);
	TST_EXP_PASS(statvfs(".", &sv), "statvfs(.)");
	TST_EXP_EXPR(sf.f_bsize == st.st_blksize && sv.f_bsize == (unsigned long)st.st_blksize,
		     "statfs f_bsize %ld, statvfs f_bsize %lu are st_blksize %ld",
		     (long)sf.f_bsize, sv.f_bsize, (long)st.st_blksize);
	TST_EXP_EXPR(sv.f_frsize == sv.f_bsize && sv.f_blocks > 0 &&
		     sv.f_bfree <= sv.f_blocks && sv.f_bavail <= sv.f_bfree,
		     "f_frsize %lu is f_bsize, blocks %llu >= free %llu >= "
		     "avail %llu", sv.f_frsize,
		     (unsigned long long)sv.f_blocks,
		     (unsigned long long)sv.f_bfree,
		     (unsigned long long)sv.f_bavail);
	if (tst_device) {
		fd = SAFE_OPEN(tst_device->dev, O_RDONLY);
		if (ioctl(fd, BLKGETSIZE64, &devsize))
			tst_brk(TBROK | TERRNO, "BLKGETSIZE64");
		SAFE_CLOSE(fd);
		TST_EXP_EXPR((uint64_t)sv.f_blocks * sv.f_frsize <= devsize,
			     "f_blocks * f_frsize %llu fits the %llu-byte device",
			     (unsigned long long)sv.f_blocks * sv.f_frsize,
			     (unsigned long long)devsize);
	}
}

static void name_of(char *buf, unsigned int len, char c)
{
	memset(buf, c, len);
	buf[len] = '\0';
}

static void namemax(void)
{
	struct statvfs sv;
	struct statfs sf;
	struct stat st;
	unsigned int n = fs_facts[fs_idx].name_chars;
	char name[2048];
	int fd;

	TST_EXP_PASS(statvfs(".", &sv), "statvfs(.)");
	TST_EXP_PASS(statfs(".", &sf), "statfs(.)");
	TST_EXP_EXPR(sv.f_namemax == fs_facts[fs_idx].namemax &&
		     (unsigned long)sf.f_namelen == sv.f_namemax,
		     "f_namemax %lu (f_namelen %ld) is %lu on %s", sv.f_namemax,
		     (long)sf.f_namelen, fs_facts[fs_idx].namemax, tst_fs_type);

	name_of(name, n, 'f');
	fd = open(name, O_CREAT | O_WRONLY | O_EXCL, 0644);
	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "creat() of a %u-byte name", n);
	} else {
		SAFE_CLOSE(fd);
		TST_EXP_PASS(stat(name, &st), "stat() of the %u-byte name", n);
		TST_EXP_PASS(unlink(name), "unlink() of the %u-byte name", n);
	}
	name_of(name, n, 'd');
	TST_EXP_PASS(mkdir(name, 0755), "mkdir() of a %u-byte name", n);
	if (TST_PASS)
		SAFE_RMDIR(name);

	name_of(name, n + 1, 'g');
	TST_EXP_FAIL(open(name, O_CREAT | O_WRONLY | O_EXCL, 0644),
		     ENAMETOOLONG, "creat() of a %u-byte name", n + 1);
	TST_EXP_FAIL(mkdir(name, 0755), ENAMETOOLONG,
		     "mkdir() of a %u-byte name", n + 1);
	TST_EXP_FAIL(stat(name, &st), fs_facts[fs_idx].lookup_err,
		     "stat() of a %u-byte name", n + 1);
	if (sv.f_namemax + 1 < sizeof(name) && sv.f_namemax > n) {
		name_of(name, sv.f_namemax + 1, 'h');
		TST_EXP_FAIL(open(name, O_CREAT | O_WRONLY | O_EXCL, 0644),
			     ENAMETOOLONG, "creat() of a f_namemax + 1 (%lu) "
			     "byte name", sv.f_namemax + 1);
	}
}

static void mount_flags(void)
{
	struct statvfs sv;
	unsigned long f = ST_RDONLY | ST_NOSUID | ST_NODEV;

	TST_EXP_PASS(statvfs(".", &sv), "statvfs(.)");
	TST_EXP_EXPR(!(sv.f_flag & f), "f_flag %#lx of the mount: no "
		     "ST_RDONLY, ST_NOSUID, ST_NODEV", sv.f_flag);
	TST_EXP_PASS(statvfs(RO_DIR, &sv), "statvfs(ro,nosuid,nodev bind)");
	TST_EXP_EXPR((sv.f_flag & f) == f, "f_flag %#lx of the bind mount "
		     "has ST_RDONLY, ST_NOSUID, ST_NODEV", sv.f_flag);
	TST_EXP_FAIL(open(RO_DIR "/new", O_CREAT | O_WRONLY, 0644), EROFS,
		     "creat() through the read-only bind mount");
}

static void (*const cases[])(void) = {
	type_and_sizes,
	namemax,
	mount_flags,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(fs_facts) / sizeof(fs_facts[0]); i++)
		if (!strcmp(fs_facts[i].fs, tst_fs_type))
			break;
	if (i == sizeof(fs_facts) / sizeof(fs_facts[0]))
		tst_brk(TCONF, "no facts known for filesystem %s", tst_fs_type);
	fs_idx = i;

	mnt_private_ns();
	SAFE_MKDIR(RO_DIR, 0755);
	SAFE_MOUNT(".", RO_DIR, NULL, MS_BIND, NULL);
	SAFE_MOUNT("none", RO_DIR, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY |
		   MS_NOSUID | MS_NODEV, NULL);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
};
