// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Loop device block size and direct I/O (drivers/block/loop.c,
 * blk_validate_block_size()), over a file on ext4 (O_DIRECT capable) on
 * a 512-byte-sector device:
 * - LOOP_SET_BLOCK_SIZE 256, 511, 1536 (not a power of 2) and twice the
 *   page size are EINVAL, leaving the block size; 1024 and 4096 are set,
 *   read back by sysfs queue/logical_block_size and BLKSSZGET; 0 (asked
 *   at 1024) is EINVAL before 6.11 and leaves 1024, from 6.11 it sets
 *   the default, 512 (9423c653fe61);
 * - LOOP_CONFIGURE with a bad block_size or an unknown lo_flags bit is
 *   EINVAL and leaves the device unbound; with block_size 4096 it starts
 *   with that block size;
 * - LOOP_SET_DIRECT_IO 1 and 0 switch sysfs loop/dio and
 *   LO_FLAGS_DIRECT_IO; LOOP_CONFIGURE LO_FLAGS_DIRECT_IO starts with it;
 * - an lo_offset not aligned to the backing device's sector turns direct
 *   I/O off, and LOOP_SET_DIRECT_IO 1 is then EINVAL.
 */
#include <linux/fs.h>
#include "tst_test.h"
#include "loop_dev.h"

#define MNT "mnt"
#define IMG MNT "/loop.img"

static int dev_fd = -1, file_fd = -1;

static void check_block_size(long bs)
{
	int ssz = 0;

	TST_EXP_EQ_LI(loop_sys_long("queue/logical_block_size"), bs);
	TST_EXP_PASS(ioctl(dev_fd, BLKSSZGET, &ssz), "BLKSSZGET");
	TST_EXP_EQ_LI(ssz, bs);
}

static void check_dio(int on)
{
	struct loop_info64 info = { 0 };

	TST_EXP_EQ_LI(loop_sys_long("loop/dio"), on);
	loop_get_status(dev_fd, &info);
	TST_EXP_EQ_LI(!!(info.lo_flags & LO_FLAGS_DIRECT_IO), on);
}

/*
 * LOOP_SET_BLOCK_SIZE 0, asked while the block size is 1024 (direct I/O
 * off). Up to 6.10 loop_set_block_size() checked the size with
 * blk_validate_block_size(): EINVAL, the size kept. 9423c653fe61 ("loop:
 * Don't bother validating blocksize", 6.11) left the check to
 * blk_validate_limits(), which takes a logical block size of 0 as the
 * default, and 6.12's loop_update_limits() makes 0 loop_default_blocksize():
 * 512 without direct I/O. Checked on 6.1 and 6.12 only.
 */
static void block_size_zero(void)
{
	if (tst_kvercmp(6, 11, 0) < 0) {
		TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_BLOCK_SIZE, 0UL), EINVAL,
			     "LOOP_SET_BLOCK_SIZE 0 (before 6.11)");
		check_block_size(1024);
		return;
	}
	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_BLOCK_SIZE, 0UL),
		     "LOOP_SET_BLOCK_SIZE 0 (the default, from 6.11)");
	check_block_size(512);
}

static void block_sizes(void)
{
	unsigned long bad[] = { 256, 511, 1536, 2 * getpagesize() };
	unsigned int i;

	check_block_size(512);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_BLOCK_SIZE, bad[i]), EINVAL,
			     "LOOP_SET_BLOCK_SIZE %lu", bad[i]);
	check_block_size(512);
	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_BLOCK_SIZE, 1024UL),
		     "LOOP_SET_BLOCK_SIZE 1024");
	check_block_size(1024);
	block_size_zero();
	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_BLOCK_SIZE, 4096UL),
		     "LOOP_SET_BLOCK_SIZE 4096");
	check_block_size(4096);
}

static void direct_io(void)
{
	struct loop_info64 info = { .lo_offset = 256 };

	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_BLOCK_SIZE, 512UL),
		     "LOOP_SET_BLOCK_SIZE 512");
	check_dio(0);
	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_DIRECT_IO, 1UL),
		     "LOOP_SET_DIRECT_IO 1");
	check_dio(1);
	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_DIRECT_IO, 0UL),
		     "LOOP_SET_DIRECT_IO 0");
	check_dio(0);
	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_DIRECT_IO, 1UL),
		     "LOOP_SET_DIRECT_IO 1 again");
	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_STATUS64, &info),
		     "LOOP_SET_STATUS64 lo_offset 256");
	check_dio(0);
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_DIRECT_IO, 1UL), EINVAL,
		     "LOOP_SET_DIRECT_IO 1 with lo_offset 256");
	check_dio(0);
}

static void configure_fail(struct loop_config *config, const char *what)
{
	struct loop_info64 info;

	TST_EXP_FAIL(ioctl(dev_fd, LOOP_CONFIGURE, config), EINVAL,
		     "LOOP_CONFIGURE %s", what);
	TST_EXP_FAIL(loop_get_status(dev_fd, &info), ENXIO,
		     "LOOP_GET_STATUS64 after the refused LOOP_CONFIGURE");
}

static void configure(void)
{
	struct loop_config config = { .fd = file_fd, .block_size = 256 };

	configure_fail(&config, "block_size 256");
	config.block_size = 3000;
	configure_fail(&config, "block_size 3000");
	config.block_size = 0;
	config.info.lo_flags = 0x20;
	configure_fail(&config, "lo_flags 0x20");

	config.block_size = 4096;
	config.info.lo_flags = LO_FLAGS_DIRECT_IO;
	TST_EXP_PASS(ioctl(dev_fd, LOOP_CONFIGURE, &config),
		     "LOOP_CONFIGURE block_size 4096, LO_FLAGS_DIRECT_IO");
	check_block_size(4096);
	check_dio(1);
	TST_EXP_PASS(ioctl(dev_fd, LOOP_CLR_FD, 0), "LOOP_CLR_FD");
}

static void run(void)
{
	dev_fd = loop_dev_open(O_RDWR);
	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_FD, file_fd), "LOOP_SET_FD");
	block_sizes();
	direct_io();
	TST_EXP_PASS(ioctl(dev_fd, LOOP_CLR_FD, 0), "LOOP_CLR_FD");
	SAFE_CLOSE(dev_fd);

	dev_fd = loop_dev_open(O_RDWR);
	configure();
	SAFE_CLOSE(dev_fd);
}

static void setup(void)
{
	loop_dev_get_free();
	loop_make_file(IMG, 1 << 20);
	file_fd = SAFE_OPEN(IMG, O_RDWR);
}

static void cleanup(void)
{
	if (dev_fd >= 0)
		SAFE_CLOSE(dev_fd);
	loop_dev_release();
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
	.exclusive = 1,
};
