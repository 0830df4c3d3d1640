// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Loop device size (drivers/block/loop.c), read back by sysfs size (512
 * byte sectors), BLKGETSIZE64 and LOOP_GET_STATUS64:
 * - LOOP_SET_CAPACITY picks up a grown backing file; before it the size
 *   does not change;
 * - LOOP_SET_STATUS64 lo_offset shifts the data (the device reads the
 *   file from the offset) and shrinks the size; lo_sizelimit below the
 *   file size truncates the device, above it (or 0) leaves the file size;
 *   sysfs loop/offset and loop/sizelimit follow;
 * - lo_offset above LLONG_MAX is EOVERFLOW; lo_encrypt_type XOR and a
 *   lo_encrypt_key_size above LO_KEY_SIZE are EINVAL;
 * - LOOP_CONFIGURE applies lo_offset and lo_sizelimit at once
 *   (79e5dc59e297: the size ignored them).
 */
#include <limits.h>
#include <string.h>
#include <linux/fs.h>
#include "tst_test.h"
#include "loop_dev.h"

#define MB (1 << 20)
#define OFFSET 4096

static int dev_fd = -1, file_fd = -1;

static void check_size(long long bytes, const char *when)
{
	unsigned long long size64 = 0;

	TST_EXP_PASS(ioctl(dev_fd, BLKGETSIZE64, &size64), "BLKGETSIZE64 %s",
		     when);
	TST_EXP_EQ_LI(size64, bytes);
	TST_EXP_EQ_LI(loop_sys_long("size"), bytes / 512);
}

static void set_status(unsigned long long offset, unsigned long long limit)
{
	struct loop_info64 info = {
		.lo_offset = offset,
		.lo_sizelimit = limit,
	};

	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_STATUS64, &info),
		     "LOOP_SET_STATUS64 offset %llu sizelimit %llu", offset,
		     limit);
	memset(&info, 0, sizeof(info));
	loop_get_status(dev_fd, &info);
	TST_EXP_EQ_LU(info.lo_offset, offset);
	TST_EXP_EQ_LU(info.lo_sizelimit, limit);
	TST_EXP_EQ_LI(loop_sys_long("loop/offset"), offset);
	TST_EXP_EQ_LI(loop_sys_long("loop/sizelimit"), limit);
}

static void check_first_byte(char c)
{
	char buf[512];

	SAFE_PREAD(1, dev_fd, buf, sizeof(buf), 0);
	if (buf[0] == c)
		tst_res(TPASS, "device byte 0 is '%c'", c);
	else
		tst_res(TFAIL, "device byte 0 is 0x%02x, expected '%c'",
			(unsigned char)buf[0], c);
}

static void bad_status(void)
{
	struct loop_info64 info = { .lo_offset = (unsigned long long)LLONG_MAX + 1 };

	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_STATUS64, &info), EOVERFLOW,
		     "LOOP_SET_STATUS64 lo_offset LLONG_MAX + 1");
	memset(&info, 0, sizeof(info));
	info.lo_sizelimit = (unsigned long long)LLONG_MAX + 1;
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_STATUS64, &info), EOVERFLOW,
		     "LOOP_SET_STATUS64 lo_sizelimit LLONG_MAX + 1");
	memset(&info, 0, sizeof(info));
	info.lo_encrypt_type = LO_CRYPT_XOR;
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_STATUS64, &info), EINVAL,
		     "LOOP_SET_STATUS64 LO_CRYPT_XOR");
	memset(&info, 0, sizeof(info));
	info.lo_encrypt_key_size = LO_KEY_SIZE + 1;
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_STATUS64, &info), EINVAL,
		     "LOOP_SET_STATUS64 lo_encrypt_key_size LO_KEY_SIZE + 1");
}

static void configure(unsigned long long offset, unsigned long long limit,
		      long long exp_bytes)
{
	struct loop_config config = { .fd = file_fd };

	config.info.lo_offset = offset;
	config.info.lo_sizelimit = limit;
	dev_fd = loop_dev_open(O_RDWR);
	TST_EXP_PASS(ioctl(dev_fd, LOOP_CONFIGURE, &config),
		     "LOOP_CONFIGURE offset %llu sizelimit %llu", offset, limit);
	check_size(exp_bytes, "right after LOOP_CONFIGURE");
	TST_EXP_EQ_LI(loop_sys_long("loop/sizelimit"), limit);
	TST_EXP_PASS(ioctl(dev_fd, LOOP_CLR_FD, 0), "LOOP_CLR_FD");
	SAFE_CLOSE(dev_fd);
}

static void run(void)
{
	SAFE_FTRUNCATE(file_fd, MB);
	dev_fd = loop_dev_open(O_RDWR);
	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_FD, file_fd), "LOOP_SET_FD");
	check_size(MB, "over a 1 MiB file");

	SAFE_FTRUNCATE(file_fd, 2 * MB);
	check_size(MB, "after the file grew to 2 MiB");
	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_CAPACITY, 0), "LOOP_SET_CAPACITY");
	check_size(2 * MB, "after LOOP_SET_CAPACITY");

	set_status(OFFSET, 0);
	check_size(2 * MB - OFFSET, "with lo_offset 4096");
	check_first_byte('o');
	set_status(0, MB / 2);
	check_size(MB / 2, "with lo_sizelimit 512 KiB");
	check_first_byte(0);
	set_status(0, 4 * MB);
	check_size(2 * MB, "with lo_sizelimit 4 MiB");
	set_status(0, 0);
	check_size(2 * MB, "with lo_sizelimit 0");
	bad_status();
	check_size(2 * MB, "after the refused LOOP_SET_STATUS64");
	TST_EXP_PASS(ioctl(dev_fd, LOOP_CLR_FD, 0), "LOOP_CLR_FD");
	SAFE_CLOSE(dev_fd);

	configure(0, MB / 2, MB / 2);
	configure(OFFSET, MB, MB);
	configure(OFFSET, 0, 2 * MB - OFFSET);
}

static void setup(void)
{
	char buf[512];

	loop_dev_get_free();
	file_fd = SAFE_OPEN("loop.img", O_RDWR | O_CREAT | O_TRUNC, 0600);
	memset(buf, 'o', sizeof(buf));
	SAFE_PWRITE(1, file_fd, buf, sizeof(buf), OFFSET);
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
	.exclusive = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "79e5dc59e297"},
		{NULL, NULL},
	},
};
