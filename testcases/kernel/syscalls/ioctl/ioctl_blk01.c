// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Generic block device ioctls (block/ioctl.c) on the test device, ext4
 * on it:
 * - BLKGETSIZE64 and BLKGETSIZE agree with the end of the device
 *   (lseek SEEK_END) and sysfs size; reading at the end gives 0 bytes;
 * - BLKSSZGET agrees with sysfs queue/logical_block_size;
 * - BLKRASET sets what BLKRAGET reads (sectors) and sysfs
 *   queue/read_ahead_kb shows; BLKRAGET into NULL is EINVAL;
 * - BLKROSET 1: BLKROGET says 1 (sysfs ro of a disk shows only the
 *   driver's read-only state, not this one), write(2) is EPERM, a
 *   read-write mount is EACCES and a read-only one works; BLKROSET 0
 *   makes writes work again;
 * - BLKFLSBUF writes back the device's page cache: an O_DIRECT read then
 *   sees a buffered write;
 * - without CAP_SYS_ADMIN BLKROSET, BLKRASET and BLKFLSBUF are EACCES,
 *   BLKROGET works; BLKROSET from an unmapped address is EFAULT.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <linux/fs.h>
#include "tst_test.h"
#include "as_nobody.h"

#define MNT "mnt"

static int dev_fd = -1;
static long saved_ra = -1;
static char sys_dir[128], queue_dir[160];
static void *unmapped;

static long sys_long(const char *dir, const char *attr)
{
	char path[256];
	long val;

	snprintf(path, sizeof(path), "%s/%s", dir, attr);
	if (!tst_file_read_long(path, &val))
		tst_brk(TBROK, "%s missing", path);
	return val;
}

/* sysfs "partition" is absent on a whole disk. */
static int is_partition(void)
{
	char path[160];

	snprintf(path, sizeof(path), "%s/partition", sys_dir);
	return !access(path, F_OK);
}

static void sizes(void)
{
	unsigned long long size64 = 0;
	unsigned long sectors = 0;
	off_t end = SAFE_LSEEK(dev_fd, 0, SEEK_END);
	int ssz = 0;
	char c;

	TST_EXP_PASS(ioctl(dev_fd, BLKGETSIZE64, &size64), "BLKGETSIZE64");
	TST_EXP_EQ_LI(size64, end);
	TST_EXP_PASS(ioctl(dev_fd, BLKGETSIZE, &sectors), "BLKGETSIZE");
	TST_EXP_EQ_LI(sectors, end / 512);
	TST_EXP_EQ_LI(sys_long(sys_dir, "size"), end / 512);
	TST_EXP_EQ_LI(pread(dev_fd, &c, 1, end), 0);
	TST_EXP_PASS(ioctl(dev_fd, BLKSSZGET, &ssz), "BLKSSZGET");
	TST_EXP_EQ_LI(ssz, sys_long(queue_dir, "logical_block_size"));
}

static void read_ahead(void)
{
	long ra = -1;

	TST_EXP_PASS(ioctl(dev_fd, BLKRAGET, &saved_ra), "BLKRAGET");
	TST_EXP_EQ_LI(saved_ra, sys_long(queue_dir, "read_ahead_kb") * 2);
	TST_EXP_PASS(ioctl(dev_fd, BLKRASET, 1000UL), "BLKRASET 1000");
	TST_EXP_PASS(ioctl(dev_fd, BLKRAGET, &ra), "BLKRAGET");
	TST_EXP_EQ_LI(ra, 1000);
	TST_EXP_EQ_LI(sys_long(queue_dir, "read_ahead_kb"), 500);
	TST_EXP_FAIL(ioctl(dev_fd, BLKRAGET, NULL), EINVAL, "BLKRAGET NULL");
	TST_EXP_PASS(ioctl(dev_fd, BLKRASET, (unsigned long)saved_ra),
		     "BLKRASET back to %ld", saved_ra);
}

static void set_ro(int ro)
{
	int got = -1;

	TST_EXP_PASS(ioctl(dev_fd, BLKROSET, &ro), "BLKROSET %d", ro);
	TST_EXP_PASS(ioctl(dev_fd, BLKROGET, &got), "BLKROGET");
	TST_EXP_EQ_LI(got, ro);
}

static void read_only(void)
{
	char buf[512] = { 0 };

	set_ro(1);
	TST_EXP_FAIL(pwrite(dev_fd, buf, sizeof(buf), 0), EPERM,
		     "write to a read-only device");
	TST_EXP_FAIL(mount(tst_device->dev, MNT, "ext4", 0, NULL), EACCES,
		     "read-write mount of a read-only device");
	TST_EXP_PASS(mount(tst_device->dev, MNT, "ext4", MS_RDONLY, NULL),
		     "read-only mount of a read-only device");
	if (TST_PASS)
		SAFE_UMOUNT(MNT);
	set_ro(0);
	SAFE_PREAD(1, dev_fd, buf, sizeof(buf), 0);
	TST_EXP_VAL(pwrite(dev_fd, buf, sizeof(buf), 0), (long)sizeof(buf),
		    "write after BLKROSET 0");
}

static void flush_buffers(void)
{
	static const char pattern[] = "flushed by BLKFLSBUF";
	off_t off = SAFE_LSEEK(dev_fd, 0, SEEK_END) - 4096;
	char *buf;
	int direct_fd;

	/* The last 4 KiB are past what mkfs.ext4 writes. */
	SAFE_PWRITE(1, dev_fd, pattern, sizeof(pattern), off);
	TST_EXP_PASS(ioctl(dev_fd, BLKFLSBUF, 0), "BLKFLSBUF");
	buf = SAFE_MMAP(NULL, 4096, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	direct_fd = SAFE_OPEN(tst_device->dev, O_RDONLY | O_DIRECT);
	SAFE_PREAD(1, direct_fd, buf, 4096, off);
	if (!memcmp(buf, pattern, sizeof(pattern)))
		tst_res(TPASS, "O_DIRECT read sees the data after BLKFLSBUF");
	else
		tst_res(TFAIL, "O_DIRECT read misses the data after BLKFLSBUF");
	SAFE_CLOSE(direct_fd);
	SAFE_MUNMAP(buf, 4096);
}

static void unprivileged(void)
{
	int ro = 1;

	TST_EXP_FAIL(ioctl(dev_fd, BLKROSET, &ro), EACCES, "BLKROSET as nobody");
	TST_EXP_FAIL(ioctl(dev_fd, BLKRASET, 64UL), EACCES,
		     "BLKRASET as nobody");
	TST_EXP_FAIL(ioctl(dev_fd, BLKFLSBUF, 0), EACCES,
		     "BLKFLSBUF as nobody");
	TST_EXP_PASS(ioctl(dev_fd, BLKROGET, &ro), "BLKROGET as nobody");
	TST_EXP_EQ_LI(ro, 0);
}

static void run(void)
{
	sizes();
	read_ahead();
	read_only();
	flush_buffers();
	TST_EXP_FAIL(ioctl(dev_fd, BLKROSET, unmapped), EFAULT,
		     "BLKROSET from an unmapped address");
	run_in_nobody_child(unprivileged, "the EACCES checks");
}

static void setup(void)
{
	struct stat st;

	SAFE_STAT(tst_device->dev, &st);
	snprintf(sys_dir, sizeof(sys_dir), "/sys/dev/block/%u:%u",
		 major(st.st_rdev), minor(st.st_rdev));
	/* A partition's queue is its disk's. */
	snprintf(queue_dir, sizeof(queue_dir), "%s/%squeue", sys_dir,
		 is_partition() ? "../" : "");
	SAFE_MKDIR(MNT, 0755);
	dev_fd = SAFE_OPEN(tst_device->dev, O_RDWR);
	unmapped = SAFE_MMAP(NULL, 4096, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, 4096);
}

static void cleanup(void)
{
	int ro = 0;

	if (dev_fd < 0)
		return;
	ioctl(dev_fd, BLKROSET, &ro);
	if (saved_ra >= 0)
		ioctl(dev_fd, BLKRASET, (unsigned long)saved_ra);
	SAFE_CLOSE(dev_fd);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_device = 1,
	.format_device = 1,
	.dev_fs_type = "ext4",
	.exclusive = 1,
};
