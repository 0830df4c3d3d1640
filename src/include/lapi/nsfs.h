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

/* pid translation between the caller's and a target pid namespace (6.11) */
#ifndef NS_GET_PID_FROM_PIDNS
# define NS_GET_PID_FROM_PIDNS _IOR(NSIO, 0x6, int)
#endif
#ifndef NS_GET_TGID_FROM_PIDNS
# define NS_GET_TGID_FROM_PIDNS _IOR(NSIO, 0x7, int)
#endif
#ifndef NS_GET_PID_IN_PIDNS
# define NS_GET_PID_IN_PIDNS _IOR(NSIO, 0x8, int)
#endif
#ifndef NS_GET_TGID_IN_PIDNS
# define NS_GET_TGID_IN_PIDNS _IOR(NSIO, 0x9, int)
#endif

#endif /* LAPI_NSFS_H */
