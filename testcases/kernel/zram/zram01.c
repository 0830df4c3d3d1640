// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * zram, on a device of the test's own from /sys/class/zram-control:
 *  - hot_add gives a new zramN with disksize 0; disksize "1000" reads
 *    back page-aligned (4096, also BLKGETSIZE64), "0" is EINVAL, a second
 *    disksize on the initialised device EBUSY;
 *  - 128 pages written with O_DIRECT, 64 compressible text pages, 32 zero
 *    pages, 16 pages of one repeated byte and 16 random pages: mm_stat
 *    says orig_data_size 128 pages, same_pages 48, huge_pages 16 and a
 *    compr_data_size of the 16 huge pages plus far less than the 64 text
 *    pages; O_DIRECT reads return every page;
 *  - BLKDISCARD of the random pages frees them (orig_data_size 112
 *    pages, huge_pages 0) and they read back as zeros;
 *  - reset: "0" is EINVAL, EBUSY while the device is open, then disksize
 *    and orig_data_size are 0;
 *  - an ext4 made on a 64 MiB zram keeps a file across umount and mount;
 *  - hot_remove is EBUSY while the device is open, then removes it
 *    (/sys/block/zramN gone); again it is ENODEV, "-1" EINVAL.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <linux/fs.h>
#include "tst_test.h"

#define CTL "/sys/class/zram-control"
#define PG 4096
#define NTEXT 64
#define NZERO 32
#define NSAME 16
#define NRAND 16
#define NPAGES (NTEXT + NZERO + NSAME + NRAND)
#define MNT "mnt"

static int id = -1, mounted;
static char dev[32], sysdir[64];
static unsigned char *buf, *rbuf;

struct mm_stat {
	unsigned long long orig, compr, used, limit, max_used, same,
			   compacted, huge;
};

static void zattr_path(char *path, size_t size, const char *attr)
{
	snprintf(path, size, "%s/%s", sysdir, attr);
}

static int zwrite(const char *attr, const char *val)
{
	char path[128];
	int fd, err;
	ssize_t ret;

	if (attr[0] == '/')
		snprintf(path, sizeof(path), "%s", attr);
	else
		zattr_path(path, sizeof(path), attr);
	fd = SAFE_OPEN(path, O_WRONLY);
	ret = write(fd, val, strlen(val));
	err = errno;
	SAFE_CLOSE(fd);
	errno = err;
	return ret == (ssize_t)strlen(val) ? 0 : -1;
}

static unsigned long long disksize(void)
{
	char path[128];
	unsigned long long v;

	zattr_path(path, sizeof(path), "disksize");
	SAFE_FILE_SCANF(path, "%llu", &v);
	return v;
}

static void mm_stat(struct mm_stat *s)
{
	char path[128];

	zattr_path(path, sizeof(path), "mm_stat");
	SAFE_FILE_SCANF(path, "%llu %llu %llu %llu %llu %llu %llu %llu",
			&s->orig, &s->compr, &s->used, &s->limit, &s->max_used,
			&s->same, &s->compacted, &s->huge);
}

static void fill(unsigned char *p)
{
	unsigned int x = 0x12345678 + getpid();
	int i, j;

	memset(p, 0, (size_t)NPAGES * PG);
	for (i = 0; i < NTEXT; i++) {
		char *pg = (char *)p + (size_t)i * PG;
		int len = 0;

		while (len < PG - 64)
			len += sprintf(pg + len, "ltp-zram01 page %d of text; ",
				       i);
	}
	/* pages NTEXT .. NTEXT + NZERO - 1 stay zero */
	memset(p + (size_t)(NTEXT + NZERO) * PG, 0xa5, (size_t)NSAME * PG);
	for (i = NTEXT + NZERO + NSAME; i < NPAGES; i++)
		for (j = 0; j < PG; j++) {
			x ^= x << 13;
			x ^= x >> 17;
			x ^= x << 5;
			p[(size_t)i * PG + j] = x;
		}
}

static void test_sizes(void)
{
	unsigned long long size = 0;
	int fd;

	TST_EXP_EQ_LI(disksize(), 0);
	TST_EXP_FAIL(zwrite("disksize", "0"), EINVAL, "disksize 0");
	TST_EXP_PASS(zwrite("disksize", "1000"), "disksize 1000");
	TST_EXP_EQ_LI(disksize(), PG);
	fd = SAFE_OPEN(dev, O_RDONLY);
	TST_EXP_PASS(ioctl(fd, BLKGETSIZE64, &size), "BLKGETSIZE64");
	TST_EXP_EQ_LI(size, PG);
	TST_EXP_FAIL(zwrite("disksize", "8M"), EBUSY,
		     "disksize on an initialised device");
	TST_EXP_FAIL(zwrite("reset", "1"), EBUSY, "reset while open");
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(zwrite("reset", "0"), EINVAL, "reset 0");
	TST_EXP_PASS(zwrite("reset", "1"), "reset");
	TST_EXP_EQ_LI(disksize(), 0);
}

static void test_pages(void)
{
	struct mm_stat s;
	uint64_t range[2];
	int fd, i, bad = 0;

	TST_EXP_PASS(zwrite("disksize", "1M"), "disksize 1M");
	fill(buf);
	fd = SAFE_OPEN(dev, O_RDWR | O_DIRECT);
	SAFE_PWRITE(1, fd, buf, (size_t)NPAGES * PG, 0);

	mm_stat(&s);
	TST_EXP_EQ_LI(s.orig, (unsigned long long)NPAGES * PG);
	TST_EXP_EQ_LI(s.same, NZERO + NSAME);
	TST_EXP_EQ_LI(s.huge, NRAND);
	TST_EXP_EXPR(s.compr >= (unsigned long long)NRAND * PG &&
		     s.compr < (unsigned long long)NRAND * PG + NTEXT * PG / 4,
		     "compr_data_size %llu: %d huge pages and the text pages "
		     "compressed over 4 times", s.compr, NRAND);
	TST_EXP_EXPR(s.used > 0 && s.max_used >= s.used,
		     "mem_used_total %llu, mem_used_max %llu", s.used,
		     s.max_used);

	memset(rbuf, 0x3c, (size_t)NPAGES * PG);
	SAFE_PREAD(1, fd, rbuf, (size_t)NPAGES * PG, 0);
	for (i = 0; i < NPAGES; i++)
		if (memcmp(buf + (size_t)i * PG, rbuf + (size_t)i * PG, PG))
			bad++;
	TST_EXP_EXPR(!bad, "all %d pages read back (%d differ)", NPAGES, bad);

	range[0] = (uint64_t)(NTEXT + NZERO + NSAME) * PG;
	range[1] = (uint64_t)NRAND * PG;
	TST_EXP_PASS(ioctl(fd, BLKDISCARD, range), "BLKDISCARD of the "
		     "random pages");
	mm_stat(&s);
	TST_EXP_EQ_LI(s.orig, (unsigned long long)(NPAGES - NRAND) * PG);
	TST_EXP_EQ_LI(s.huge, 0);
	memset(rbuf, 0x3c, (size_t)NRAND * PG);
	SAFE_PREAD(1, fd, rbuf, (size_t)NRAND * PG, range[0]);
	for (i = 0; i < NRAND * PG && !rbuf[i]; i++)
		;
	TST_EXP_EXPR(i == NRAND * PG, "discarded pages read as zeros");
	SAFE_CLOSE(fd);

	TST_EXP_PASS(zwrite("reset", "1"), "reset");
	mm_stat(&s);
	TST_EXP_EXPR(!s.orig && !s.same && !s.huge && !disksize(),
		     "after reset: orig_data_size %llu, same_pages %llu, "
		     "huge_pages %llu, disksize %llu", s.orig, s.same, s.huge,
		     disksize());
}

static void test_fs(void)
{
	const char *const mkfs[] = {"mkfs.ext4", "-q", "-F", dev, NULL};
	struct mm_stat s;
	int fd;

	TST_EXP_PASS(zwrite("disksize", "64M"), "disksize 64M");
	if (tst_cmd(mkfs, 0))
		tst_brk(TBROK, "mkfs.ext4 %s failed", dev);
	SAFE_MOUNT(dev, MNT, "ext4", 0, NULL);
	mounted = 1;
	fd = SAFE_OPEN(MNT "/file", O_WRONLY | O_CREAT, 0644);
	SAFE_WRITE(1, fd, buf, (size_t)NPAGES * PG);
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
	SAFE_UMOUNT(MNT);
	mounted = 0;
	mm_stat(&s);
	TST_EXP_EXPR(s.orig > (unsigned long long)NPAGES * PG,
		     "orig_data_size %llu holds the filesystem", s.orig);

	SAFE_MOUNT(dev, MNT, "ext4", 0, NULL);
	mounted = 1;
	fd = SAFE_OPEN(MNT "/file", O_RDONLY);
	memset(rbuf, 0x3c, (size_t)NPAGES * PG);
	SAFE_READ(1, fd, rbuf, (size_t)NPAGES * PG);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!memcmp(buf, rbuf, (size_t)NPAGES * PG),
		     "the file read back after umount and mount");
	SAFE_UMOUNT(MNT);
	mounted = 0;
}

static void run(void)
{
	char path[64], num[16];
	int fd;

	SAFE_FILE_SCANF(CTL "/hot_add", "%d", &id);
	snprintf(dev, sizeof(dev), "/dev/zram%d", id);
	snprintf(sysdir, sizeof(sysdir), "/sys/block/zram%d", id);
	tst_res(TINFO, "hot_add: zram%d", id);

	test_sizes();
	test_pages();
	test_fs();

	snprintf(num, sizeof(num), "%d", id);
	fd = SAFE_OPEN(dev, O_RDONLY);
	TST_EXP_FAIL(zwrite(CTL "/hot_remove", num), EBUSY,
		     "hot_remove while open");
	SAFE_CLOSE(fd);
	TST_EXP_PASS(zwrite(CTL "/hot_remove", num), "hot_remove %s", num);
	if (TST_PASS)
		id = -1;
	snprintf(path, sizeof(path), "%s", sysdir);
	TST_EXP_FAIL(access(path, F_OK), ENOENT, "%s after hot_remove", path);
	TST_EXP_FAIL(zwrite(CTL "/hot_remove", num), ENODEV,
		     "hot_remove %s again", num);
	TST_EXP_FAIL(zwrite(CTL "/hot_remove", "-1"), EINVAL,
		     "hot_remove -1");
}

static void setup(void)
{
	const char *const modprobe[] = {"modprobe", "-q", "zram", NULL};

	if (access(CTL, F_OK)) {
		tst_cmd(modprobe, 1);
		if (access(CTL, F_OK))
			tst_brk(TCONF, "no zram (no %s after modprobe zram)",
				CTL);
	}
	buf = SAFE_MMAP(NULL, (size_t)NPAGES * PG, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	rbuf = SAFE_MMAP(NULL, (size_t)NPAGES * PG, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MKDIR(MNT, 0755);
}

static void cleanup(void)
{
	char num[16];

	if (mounted)
		umount2(MNT, MNT_DETACH);
	if (id >= 0) {
		snprintf(num, sizeof(num), "%d", id);
		zwrite("reset", "1");
		if (zwrite(CTL "/hot_remove", num))
			tst_res(TWARN | TERRNO, "hot_remove zram%d", id);
	}
}

static struct tst_test test = {
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_cmds = (const char *const []) {"mkfs.ext4", NULL},
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.timeout = 120,
};
