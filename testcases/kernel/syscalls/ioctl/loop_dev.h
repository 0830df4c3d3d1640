/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A loop device of the test's own (not the library's test device): the
 * loop ioctl tests attach, reconfigure and detach it themselves. Taken
 * with LOOP_CTL_GET_FREE; its node is made when absent (no udev in the
 * guest). loop_dev_release() detaches it whatever state a test left.
 */
#ifndef LOOP_DEV_H
#define LOOP_DEV_H

#include <fcntl.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <linux/loop.h>
#include "tst_test.h"

static int loop_nr = -1;
static char loop_path[64];

/* Find a free loop device and make sure its node exists. */
static inline void loop_dev_get_free(void)
{
	int ctl = open("/dev/loop-control", O_RDWR);

	if (ctl < 0)
		tst_brk(TCONF | TERRNO, "no loop device support "
			"(/dev/loop-control)");
	loop_nr = ioctl(ctl, LOOP_CTL_GET_FREE);
	if (loop_nr < 0)
		tst_brk(TBROK | TERRNO, "LOOP_CTL_GET_FREE");
	SAFE_CLOSE(ctl);
	snprintf(loop_path, sizeof(loop_path), "/dev/loop%d", loop_nr);
	if (access(loop_path, F_OK) &&
	    mknod(loop_path, S_IFBLK | 0660, makedev(7, loop_nr)))
		tst_brk(TBROK | TERRNO, "mknod(%s)", loop_path);
}

static inline int loop_dev_open(int flags)
{
	return SAFE_OPEN(loop_path, flags);
}

/* A sparse file of size bytes, its content zero. */
static inline void loop_make_file(const char *path, off_t size)
{
	int fd = SAFE_OPEN(path, O_RDWR | O_CREAT | O_TRUNC, 0600);

	SAFE_FTRUNCATE(fd, size);
	SAFE_CLOSE(fd);
}

/* /sys/block/loopN/<attr> as a number; -1 when the file is absent. */
static inline long loop_sys_long(const char *attr)
{
	char path[128];
	long val;

	snprintf(path, sizeof(path), "/sys/block/loop%d/%s", loop_nr, attr);
	if (!tst_file_read_long(path, &val))
		return -1;
	return val;
}

/* 1 when /sys/block/loopN/<entry> exists. */
static inline int loop_sys_exists(const char *entry)
{
	char path[128];

	snprintf(path, sizeof(path), "/sys/block/loop%d/%s", loop_nr, entry);
	return !access(path, F_OK);
}

static inline int loop_get_status(int dev_fd, struct loop_info64 *info)
{
	return ioctl(dev_fd, LOOP_GET_STATUS64, info);
}

/*
 * Detach whatever is attached; the test's own descriptors must be closed
 * (with another opener LOOP_CLR_FD only arms autoclear).
 */
static inline void loop_dev_release(void)
{
	int fd;

	if (loop_nr < 0)
		return;
	fd = open(loop_path, O_RDONLY);
	if (fd < 0)
		return;
	if (ioctl(fd, LOOP_CLR_FD, 0) && errno != ENXIO)
		tst_res(TWARN | TERRNO, "LOOP_CLR_FD %s", loop_path);
	close(fd);
}

#endif /* LOOP_DEV_H */
