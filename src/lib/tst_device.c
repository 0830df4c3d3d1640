// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The test's block device: $LTP_DEV when given, otherwise a loop device over
 * a sparse image in the tmpdir. Formatted with mkfs.<fs> and mounted when
 * the test asks; unmounted and detached by the harness after the test.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <linux/loop.h>
#include "tst_lib.h"

#define DEFAULT_DEV_MB 256

struct tst_device *tst_device;
static struct tst_device device;
static char dev_path[64];
static char mnt_path[PATH_MAX];
static int loop_fd = -1;
static int mounted;

static int open_free_loop(void)
{
	int ctl, nr, fd;

	ctl = open("/dev/loop-control", O_RDWR);
	if (ctl < 0)
		tst_brk(TCONF | TERRNO, "no loop device support "
			"(/dev/loop-control); set LTP_DEV to a spare device");
	nr = ioctl(ctl, LOOP_CTL_GET_FREE);
	close(ctl);
	if (nr < 0)
		tst_brk(TBROK | TERRNO, "LOOP_CTL_GET_FREE");
	snprintf(dev_path, sizeof(dev_path), "/dev/loop%d", nr);
	/* Without udev (as in the guest) the node may not exist yet. */
	if (access(dev_path, F_OK) &&
	    mknod(dev_path, S_IFBLK | 0660, makedev(7, nr)))
		tst_brk(TBROK | TERRNO, "mknod(%s)", dev_path);
	fd = open(dev_path, O_RDWR);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(%s)", dev_path);
	return fd;
}

static void attach_loop(const char *image)
{
	struct loop_info64 info = { 0 };
	int img_fd = SAFE_OPEN(image, O_RDWR);
	int tries;

	/* Another process can grab the same free device first: retry. */
	for (tries = 0; tries < 10; tries++) {
		loop_fd = open_free_loop();
		if (!ioctl(loop_fd, LOOP_SET_FD, img_fd))
			break;
		if (errno != EBUSY)
			tst_brk(TBROK | TERRNO, "LOOP_SET_FD %s", dev_path);
		close(loop_fd);
		loop_fd = -1;
	}
	close(img_fd);
	if (loop_fd < 0)
		tst_brk(TBROK, "no free loop device after 10 tries");
	/* The name is informative only (losetup -l): truncation is fine. */
	memcpy(info.lo_file_name, image,
	       strnlen(image, LO_NAME_SIZE - 1));
	if (ioctl(loop_fd, LOOP_SET_STATUS64, &info))
		tst_brk(TBROK | TERRNO, "LOOP_SET_STATUS64 %s", dev_path);
}

static void make_image(const char *path, unsigned long mb)
{
	int fd = SAFE_OPEN(path, O_CREAT | O_RDWR | O_TRUNC, 0600);

	SAFE_FTRUNCATE(fd, (off_t)mb * 1024 * 1024);
	SAFE_CLOSE(fd);
}

static void format_device(const struct tst_test *t)
{
	const char *argv[32];
	char mkfs[64];
	int i = 0, j;

	snprintf(mkfs, sizeof(mkfs), "mkfs.%s", device.fs_type);
	argv[i++] = mkfs;
	if (!strncmp(device.fs_type, "ext", 3))
		argv[i++] = "-F";
	else if (!strcmp(device.fs_type, "xfs") ||
		 !strcmp(device.fs_type, "btrfs"))
		argv[i++] = "-f";
	argv[i++] = "-q";
	for (j = 0; t->dev_fs_opts && t->dev_fs_opts[j] && i < 30; j++)
		argv[i++] = t->dev_fs_opts[j];
	argv[i++] = device.dev;
	argv[i] = NULL;
	tst_res(TINFO, "formatting %s with %s", device.dev, device.fs_type);
	if (tst_cmd(argv, 0) < 0)
		tst_brk(TCONF, "%s not found", mkfs);
}

static void mount_device(const struct tst_test *t)
{
	snprintf(mnt_path, sizeof(mnt_path), "%s/%s", tst_tmpdir_path,
		 t->mntpoint ? t->mntpoint : "mntpoint");
	if (mkdir(mnt_path, 0777) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkdir(%s)", mnt_path);
	SAFE_MOUNT(device.dev, mnt_path, device.fs_type, 0, t->mnt_data);
	mounted = 1;
	/* Unprivileged children of the test create files here too. */
	chmod(mnt_path, 0777);
}

void tst_device_setup(struct tst_test *t)
{
	const char *env_dev = getenv("LTP_DEV");
	const char *fs = t->dev_fs_type;
	char image[PATH_MAX];

	if (!fs)
		fs = getenv("LTP_DEV_FS_TYPE");
	device.fs_type = fs && *fs ? fs : "ext4";
	device.size_mb = t->dev_min_size_mb ? t->dev_min_size_mb :
			 DEFAULT_DEV_MB;
	if (env_dev && *env_dev) {
		device.dev = env_dev;
	} else {
		snprintf(image, sizeof(image), "%s/test_dev.img",
			 tst_tmpdir_path);
		make_image(image, device.size_mb);
		attach_loop(image);
		device.dev = dev_path;
	}
	tst_device = &device;
	if (t->format_device || t->mount_device)
		format_device(t);
	if (t->mount_device)
		mount_device(t);
}

/*
 * For the filesystem matrix: a loop device over a fresh sparse image of
 * mb MB in the tmpdir, and a mount that tst_device_release() undoes.
 */
const char *tst_device_new_loop(const char *fs, unsigned long mb)
{
	char image[PATH_MAX];

	snprintf(image, sizeof(image), "%s/test_dev.img", tst_tmpdir_path);
	make_image(image, mb);
	attach_loop(image);
	/* The loop device holds the file open: the name can go now. */
	unlink(image);
	device.dev = dev_path;
	device.fs_type = fs;
	device.size_mb = mb;
	tst_device = &device;
	return dev_path;
}

void tst_device_mount_at(const char *src, const char *path,
			 const char *type, const char *data)
{
	snprintf(mnt_path, sizeof(mnt_path), "%s", path);
	if (mkdir(mnt_path, 0777) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkdir(%s)", mnt_path);
	SAFE_MOUNT(src, mnt_path, type, 0, data);
	mounted = 1;
	chmod(mnt_path, 0777);
}

/* Retry while the kernel still holds a reference (a closing file, udev). */
static int retry_busy(int (*op)(void))
{
	int i;

	for (i = 0; i < 50; i++) {
		if (!op())
			return 0;
		if (errno != EBUSY)
			return -1;
		usleep(100000);
	}
	return -1;
}

static int do_umount(void)
{
	return umount(mnt_path);
}

static int do_detach(void)
{
	return ioctl(loop_fd, LOOP_CLR_FD, 0);
}

void tst_device_release(void)
{
	if (mounted) {
		mounted = 0;
		if (retry_busy(do_umount))
			tst_res(TWARN | TERRNO, "umount(%s)", mnt_path);
	}
	if (loop_fd < 0)
		return;
	if (retry_busy(do_detach))
		tst_res(TWARN | TERRNO, "LOOP_CLR_FD %s", dev_path);
	close(loop_fd);
	loop_fd = -1;
}
