// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Loop device status flags (drivers/block/loop.c, 6.1 and 6.12), on a
 * loop device over a file holding an MBR with one partition:
 * - after LOOP_SET_FD, LOOP_GET_STATUS64 has no flags, sysfs partscan and
 *   autoclear are 0 and no partition is scanned;
 * - LOOP_SET_STATUS64 with LO_FLAGS_AUTOCLEAR | LO_FLAGS_PARTSCAN sets
 *   both (read back by LOOP_GET_STATUS64 and sysfs), and the partition
 *   appears with its size while the test holds the device open;
 *   LO_FLAGS_READ_ONLY and LO_FLAGS_DIRECT_IO in the same call are
 *   ignored (they cannot be set by LOOP_SET_STATUS64);
 * - LOOP_SET_STATUS64 with no flags clears autoclear, partscan stays;
 * - BLKRRPART after a second partition is written rescans: it appears;
 * - LOOP_CLR_FD with a second opener only arms autoclear: the device
 *   stays bound until the last close, then it is detached;
 * - with autoclear set, the last close detaches the device (status is
 *   ENXIO, sysfs size 0).
 * Fixes: 6ac92fb5cdff (status flags wrongly masked), 10c70d95c0f2
 * (partition scan refused while the device was open).
 */
#include <string.h>
#include <linux/fs.h>
#include "tst_test.h"
#include "loop_dev.h"

#define IMG "loop.img"
#define IMG_SIZE (4 << 20)

static int dev_fd = -1;

/* Partition slot n (0-3) of the MBR: Linux type, start and length in sectors. */
static void write_partition(int fd, int n, unsigned int start,
			    unsigned int len)
{
	unsigned char entry[16] = { 0 };
	unsigned char sig[2] = { 0x55, 0xaa };

	entry[4] = 0x83;
	memcpy(entry + 8, &start, 4);
	memcpy(entry + 12, &len, 4);
	SAFE_PWRITE(1, fd, entry, sizeof(entry), 446 + 16 * n);
	SAFE_PWRITE(1, fd, sig, sizeof(sig), 510);
	SAFE_FSYNC(fd);
}

static void check_flags(unsigned int expected, const char *when)
{
	struct loop_info64 info;

	TST_EXP_PASS(loop_get_status(dev_fd, &info), "LOOP_GET_STATUS64 %s",
		     when);
	if (info.lo_flags == expected)
		tst_res(TPASS, "lo_flags %s: 0x%x", when, info.lo_flags);
	else
		tst_res(TFAIL, "lo_flags %s: 0x%x, expected 0x%x", when,
			info.lo_flags, expected);
	TST_EXP_EQ_LI(loop_sys_long("loop/autoclear"),
		      !!(expected & LO_FLAGS_AUTOCLEAR));
	TST_EXP_EQ_LI(loop_sys_long("loop/partscan"),
		      !!(expected & LO_FLAGS_PARTSCAN));
	TST_EXP_EQ_LI(loop_sys_long("ro"), 0);
}

static void set_flags(unsigned int flags)
{
	struct loop_info64 info = { .lo_flags = flags };

	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_STATUS64, &info),
		     "LOOP_SET_STATUS64 lo_flags 0x%x", flags);
}

static void run(void)
{
	char p1[32], p2[32], p1_size[40];
	struct loop_info64 info;
	int file_fd, fd2;

	snprintf(p1, sizeof(p1), "loop%dp1", loop_nr);
	snprintf(p2, sizeof(p2), "loop%dp2", loop_nr);
	snprintf(p1_size, sizeof(p1_size), "%s/size", p1);

	file_fd = SAFE_OPEN(IMG, O_RDWR);
	dev_fd = loop_dev_open(O_RDWR);
	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_FD, file_fd), "LOOP_SET_FD");
	SAFE_CLOSE(file_fd);
	check_flags(0, "after LOOP_SET_FD");
	TST_EXP_EQ_LI(loop_sys_exists(p1), 0);

	set_flags(LO_FLAGS_AUTOCLEAR | LO_FLAGS_PARTSCAN | LO_FLAGS_READ_ONLY |
		  LO_FLAGS_DIRECT_IO);
	check_flags(LO_FLAGS_AUTOCLEAR | LO_FLAGS_PARTSCAN,
		    "after setting all four flags");
	TST_EXP_EQ_LI(loop_sys_exists(p1), 1);
	TST_EXP_EQ_LI(loop_sys_long(p1_size), 2048);
	TST_EXP_EQ_LI(loop_sys_exists(p2), 0);

	set_flags(0);
	check_flags(LO_FLAGS_PARTSCAN, "after clearing the flags");

	write_partition(dev_fd, 1, 4096, 1024);
	TST_EXP_PASS(ioctl(dev_fd, BLKRRPART, 0), "BLKRRPART");
	TST_EXP_EQ_LI(loop_sys_exists(p2), 1);
	snprintf(p1_size, sizeof(p1_size), "%s/size", p2);
	TST_EXP_EQ_LI(loop_sys_long(p1_size), 1024);

	/* A second opener turns LOOP_CLR_FD into "detach at last close". */
	fd2 = loop_dev_open(O_RDONLY);
	TST_EXP_PASS(ioctl(dev_fd, LOOP_CLR_FD, 0), "LOOP_CLR_FD, 2 openers");
	check_flags(LO_FLAGS_PARTSCAN | LO_FLAGS_AUTOCLEAR,
		    "after LOOP_CLR_FD with 2 openers");
	SAFE_CLOSE(fd2);
	TST_EXP_PASS(loop_get_status(dev_fd, &info),
		     "LOOP_GET_STATUS64 with one opener left");
	SAFE_CLOSE(dev_fd);

	dev_fd = loop_dev_open(O_RDONLY);
	TST_EXP_FAIL(loop_get_status(dev_fd, &info), ENXIO,
		     "LOOP_GET_STATUS64 after the last close (autoclear)");
	TST_EXP_EQ_LI(loop_sys_long("size"), 0);
	TST_EXP_EQ_LI(loop_sys_exists(p1), 0);

	/* Autoclear set by LOOP_SET_STATUS64 works the same way. */
	file_fd = SAFE_OPEN(IMG, O_RDWR);
	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_FD, file_fd), "LOOP_SET_FD again");
	SAFE_CLOSE(file_fd);
	set_flags(LO_FLAGS_AUTOCLEAR);
	TST_EXP_EQ_LI(loop_sys_long("size"), IMG_SIZE / 512);
	SAFE_CLOSE(dev_fd);
	dev_fd = loop_dev_open(O_RDONLY);
	TST_EXP_FAIL(loop_get_status(dev_fd, &info), ENXIO,
		     "LOOP_GET_STATUS64 after the last close (autoclear set by LOOP_SET_STATUS64)");
	SAFE_CLOSE(dev_fd);
}

static void setup(void)
{
	int fd;

	loop_dev_get_free();
	loop_make_file(IMG, IMG_SIZE);
	fd = SAFE_OPEN(IMG, O_RDWR);
	write_partition(fd, 0, 2048, 2048);
	SAFE_CLOSE(fd);
}

static void cleanup(void)
{
	if (dev_fd >= 0)
		SAFE_CLOSE(dev_fd);
	loop_dev_release();
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.exclusive = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "6ac92fb5cdff"},
		{"linux-git", "10c70d95c0f2"},
		{NULL, NULL},
	},
};
