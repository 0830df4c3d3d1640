// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Read-only loop devices and LOOP_CHANGE_FD (drivers/block/loop.c):
 * - LOOP_CHANGE_FD on a writable loop device is EINVAL;
 * - LOOP_SET_FD with a backing file opened O_RDONLY makes the device
 *   read-only: LO_FLAGS_READ_ONLY in LOOP_GET_STATUS64, sysfs ro 1,
 *   BLKROGET 1, write(2) to the device EPERM; LOOP_SET_STATUS64 cannot
 *   clear the flag;
 * - LOOP_CHANGE_FD on it: a closed fd is EBADF, the loop device itself
 *   EBADF (recursion), a directory EINVAL, a file of another size EINVAL;
 *   a file of the same size succeeds, sysfs backing_file names it and
 *   the device reads its data;
 * - LOOP_CONFIGURE with LO_FLAGS_READ_ONLY and a writable file gives a
 *   read-only device as well.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <linux/fs.h>
#include "tst_test.h"
#include "loop_dev.h"

#define SIZE (1 << 20)

static int dev_fd = -1;
static char path_b[PATH_MAX];

static void fill_file(const char *path, char c, off_t size)
{
	char buf[4096];
	int fd;

	loop_make_file(path, size);
	memset(buf, c, sizeof(buf));
	fd = SAFE_OPEN(path, O_WRONLY);
	SAFE_WRITE(1, fd, buf, sizeof(buf));
	SAFE_CLOSE(fd);
}

static void check_dev_data(char c, const char *when)
{
	char buf[512];

	TST_EXP_PASS(ioctl(dev_fd, BLKFLSBUF, 0), "BLKFLSBUF");
	SAFE_PREAD(1, dev_fd, buf, sizeof(buf), 0);
	if (buf[0] == c && buf[511] == c)
		tst_res(TPASS, "device reads '%c' %s", c, when);
	else
		tst_res(TFAIL, "device reads '%c' %s, expected '%c'", buf[0],
			when, c);
}

static void check_read_only(const char *when)
{
	struct loop_info64 info;
	int ro = -1;

	TST_EXP_PASS(loop_get_status(dev_fd, &info), "LOOP_GET_STATUS64");
	TST_EXP_EQ_LI(info.lo_flags & LO_FLAGS_READ_ONLY, LO_FLAGS_READ_ONLY);
	TST_EXP_EQ_LI(loop_sys_long("ro"), 1);
	TST_EXP_PASS(ioctl(dev_fd, BLKROGET, &ro), "BLKROGET");
	TST_EXP_EQ_LI(ro, 1);
	TST_EXP_FAIL(write(dev_fd, "x", 1), EPERM, "write to the device %s",
		     when);
}

static void detach(void)
{
	TST_EXP_PASS(ioctl(dev_fd, LOOP_CLR_FD, 0), "LOOP_CLR_FD");
	SAFE_CLOSE(dev_fd);
}

static void run(void)
{
	struct loop_config config = { 0 };
	struct loop_info64 info = { 0 };
	char backing[4096];
	int a_fd, b_fd, big_fd, dir_fd, closed_fd;

	a_fd = SAFE_OPEN("a.img", O_RDWR);
	b_fd = SAFE_OPEN("b.img", O_RDONLY);
	big_fd = SAFE_OPEN("big.img", O_RDONLY);
	dir_fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	closed_fd = SAFE_OPEN("a.img", O_RDONLY);
	SAFE_CLOSE(closed_fd);
	closed_fd = 1000;

	dev_fd = loop_dev_open(O_RDWR);
	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_FD, a_fd), "LOOP_SET_FD rw");
	TST_EXP_EQ_LI(loop_sys_long("ro"), 0);
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_CHANGE_FD, b_fd), EINVAL,
		     "LOOP_CHANGE_FD on a writable device");
	detach();
	SAFE_CLOSE(a_fd);

	a_fd = SAFE_OPEN("a.img", O_RDONLY);
	dev_fd = loop_dev_open(O_RDWR);
	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_FD, a_fd), "LOOP_SET_FD, O_RDONLY file");
	check_read_only("over an O_RDONLY file");
	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_STATUS64, &info),
		     "LOOP_SET_STATUS64 lo_flags 0");
	check_read_only("after LOOP_SET_STATUS64 lo_flags 0");
	check_dev_data('a', "over a.img");

	TST_EXP_FAIL(ioctl(dev_fd, LOOP_CHANGE_FD, closed_fd), EBADF,
		     "LOOP_CHANGE_FD to a closed fd");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_CHANGE_FD, dev_fd), EBADF,
		     "LOOP_CHANGE_FD to the loop device itself");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_CHANGE_FD, dir_fd), EINVAL,
		     "LOOP_CHANGE_FD to a directory");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_CHANGE_FD, big_fd), EINVAL,
		     "LOOP_CHANGE_FD to a file of another size");
	TST_EXP_PASS(ioctl(dev_fd, LOOP_CHANGE_FD, b_fd),
		     "LOOP_CHANGE_FD to a file of the same size");
	{
		char attr[128];

		snprintf(attr, sizeof(attr),
			 "/sys/block/loop%d/loop/backing_file", loop_nr);
		SAFE_FILE_SCANF(attr, "%4095s", backing);
	}
	if (!strcmp(backing, path_b))
		tst_res(TPASS, "sysfs backing_file is %s", backing);
	else
		tst_res(TFAIL, "sysfs backing_file is %s, expected %s",
			backing, path_b);
	check_dev_data('b', "after LOOP_CHANGE_FD to b.img");
	check_read_only("after LOOP_CHANGE_FD");
	detach();
	SAFE_CLOSE(a_fd);

	a_fd = SAFE_OPEN("a.img", O_RDWR);
	config.fd = a_fd;
	config.info.lo_flags = LO_FLAGS_READ_ONLY;
	dev_fd = loop_dev_open(O_RDWR);
	TST_EXP_PASS(ioctl(dev_fd, LOOP_CONFIGURE, &config),
		     "LOOP_CONFIGURE LO_FLAGS_READ_ONLY, rw file");
	check_read_only("configured read-only");
	detach();

	SAFE_CLOSE(a_fd);
	SAFE_CLOSE(b_fd);
	SAFE_CLOSE(big_fd);
	SAFE_CLOSE(dir_fd);
}

static void setup(void)
{
	loop_dev_get_free();
	fill_file("a.img", 'a', SIZE);
	fill_file("b.img", 'b', SIZE);
	fill_file("big.img", 'c', 2 * SIZE);
	if (!realpath("b.img", path_b))
		tst_brk(TBROK | TERRNO, "realpath(b.img)");
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
};
