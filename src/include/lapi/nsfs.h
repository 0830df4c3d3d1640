/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ioctls of namespace fds (include/uapi/linux/nsfs.h) newer than the
 * build machine's kernel headers. <linux/nsfs.h> first.
 */
#ifndef LAPI_NSFS_H
#define LAPI_NSFS_H

#include <stdint.h>
#include <sys/ioctl.h>
#include <linux/nsfs.h>

#ifndef NS_GET_MNTNS_ID
# define NS_GET_MNTNS_ID _IOR(NSIO, 0x5, uint64_t)	/* the id statmount() gives */
#endif

#endif /* LAPI_NSFS_H */
