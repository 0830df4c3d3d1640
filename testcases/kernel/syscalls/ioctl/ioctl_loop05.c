// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Loop ioctl errors (drivers/block/loop.c):
 * - on an unbound device LOOP_CLR_FD, LOOP_GET_STATUS(64),
 *   LOOP_SET_STATUS64, LOOP_SET_CAPACITY, LOOP_SET_DIRECT_IO,
 *   LOOP_SET_BLOCK_SIZE and LOOP_CHANGE_FD are ENXIO;
 * - LOOP_SET_FD with a closed fd or the device itself is EBADF, with a
 *   directory or a pipe EINVAL; LOOP_CONFIGURE from an unmapped address
 *   is EFAULT; LOOP_GET_STATUS64 into NULL is EINVAL; LOOP_SET_STATUS64
 *   from an unmapped address is EFAULT;
 * - on a bound device LOOP_SET_FD and LOOP_CONFIGURE are EBUSY, and
 *   LOOP_CTL_REMOVE is EBUSY; LOOP_CTL_ADD of an existing number is
 *   EEXIST, LOOP_CTL_REMOVE of -1 EINVAL;
 * - without CAP_SYS_ADMIN, through a descriptor opened read-only,
 *   LOOP_SET_STATUS64, LOOP_SET_BLOCK_SIZE, LOOP_SET_CAPACITY and
 *   LOOP_SET_DIRECT_IO are EPERM, while LOOP_GET_STATUS64 works.
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "loop_dev.h"
#include "as_nobody.h"

static int dev_fd = -1, file_fd = -1, ctl_fd = -1;
static void *unmapped;

static void unbound(void)
{
	struct loop_info64 info64;
	struct loop_info info;

	TST_EXP_FAIL(ioctl(dev_fd, LOOP_CLR_FD, 0), ENXIO, "LOOP_CLR_FD unbound");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_GET_STATUS64, &info64), ENXIO,
		     "LOOP_GET_STATUS64 unbound");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_GET_STATUS, &info), ENXIO,
		     "LOOP_GET_STATUS unbound");
	memset(&info64, 0, sizeof(info64));
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_STATUS64, &info64), ENXIO,
		     "LOOP_SET_STATUS64 unbound");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_CAPACITY, 0), ENXIO,
		     "LOOP_SET_CAPACITY unbound");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_DIRECT_IO, 0UL), ENXIO,
		     "LOOP_SET_DIRECT_IO unbound");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_BLOCK_SIZE, 4096UL), ENXIO,
		     "LOOP_SET_BLOCK_SIZE unbound");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_CHANGE_FD, file_fd), ENXIO,
		     "LOOP_CHANGE_FD unbound");
}

static void bad_backing(void)
{
	int dir_fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	int closed_fd = SAFE_OPEN("loop.img", O_RDONLY);
	int pipe_fds[2];

	SAFE_CLOSE(closed_fd);
	closed_fd = 1000;
	SAFE_PIPE(pipe_fds);
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_FD, closed_fd), EBADF,
		     "LOOP_SET_FD closed fd");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_FD, dev_fd), EBADF,
		     "LOOP_SET_FD the device itself");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_FD, dir_fd), EINVAL,
		     "LOOP_SET_FD directory");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_FD, pipe_fds[0]), EINVAL,
		     "LOOP_SET_FD pipe");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_CONFIGURE, unmapped), EFAULT,
		     "LOOP_CONFIGURE unmapped address");
	SAFE_CLOSE(dir_fd);
	SAFE_CLOSE(pipe_fds[0]);
	SAFE_CLOSE(pipe_fds[1]);
}

static void bound(void)
{
	struct loop_config config = { .fd = file_fd };

	TST_EXP_PASS(ioctl(dev_fd, LOOP_SET_FD, file_fd), "LOOP_SET_FD");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_FD, file_fd), EBUSY,
		     "LOOP_SET_FD on a bound device");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_CONFIGURE, &config), EBUSY,
		     "LOOP_CONFIGURE on a bound device");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_GET_STATUS64, NULL), EINVAL,
		     "LOOP_GET_STATUS64 into NULL");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_STATUS64, unmapped), EFAULT,
		     "LOOP_SET_STATUS64 from an unmapped address");
	TST_EXP_FAIL(ioctl(ctl_fd, LOOP_CTL_REMOVE, loop_nr), EBUSY,
		     "LOOP_CTL_REMOVE of a bound device");
	TST_EXP_FAIL(ioctl(ctl_fd, LOOP_CTL_ADD, loop_nr), EEXIST,
		     "LOOP_CTL_ADD of an existing device");
	TST_EXP_FAIL(ioctl(ctl_fd, LOOP_CTL_REMOVE, -1), EINVAL,
		     "LOOP_CTL_REMOVE -1");
}

static void unprivileged(void)
{
	struct loop_info64 info = { 0 };

	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_STATUS64, &info), EPERM,
		     "LOOP_SET_STATUS64 as nobody, read-only fd");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_BLOCK_SIZE, 4096UL), EPERM,
		     "LOOP_SET_BLOCK_SIZE as nobody, read-only fd");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_CAPACITY, 0), EPERM,
		     "LOOP_SET_CAPACITY as nobody, read-only fd");
	TST_EXP_FAIL(ioctl(dev_fd, LOOP_SET_DIRECT_IO, 0UL), EPERM,
		     "LOOP_SET_DIRECT_IO as nobody, read-only fd");
	TST_EXP_PASS(ioctl(dev_fd, LOOP_GET_STATUS64, &info),
		     "LOOP_GET_STATUS64 as nobody");
}

static void run(void)
{
	dev_fd = loop_dev_open(O_RDWR);
	unbound();
	bad_backing();
	bound();
	SAFE_CLOSE(dev_fd);

	dev_fd = loop_dev_open(O_RDONLY);
	run_in_nobody_child(unprivileged, "the EPERM checks");
	TST_EXP_PASS(ioctl(dev_fd, LOOP_CLR_FD, 0), "LOOP_CLR_FD");
	SAFE_CLOSE(dev_fd);
}

static void setup(void)
{
	loop_dev_get_free();
	loop_make_file("loop.img", 1 << 20);
	file_fd = SAFE_OPEN("loop.img", O_RDWR);
	ctl_fd = SAFE_OPEN("/dev/loop-control", O_RDWR);
	unmapped = SAFE_MMAP(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			     -1, 0);
	SAFE_MUNMAP(unmapped, 4096);
}

static void cleanup(void)
{
	if (dev_fd >= 0)
		SAFE_CLOSE(dev_fd);
	loop_dev_release();
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
	if (ctl_fd >= 0)
		SAFE_CLOSE(ctl_fd);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.exclusive = 1,
};
