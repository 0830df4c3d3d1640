/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Mount API additions newer than the build machine's C library
 * (include/uapi/linux/mount.h): MOVE_MOUNT_BENEATH (Linux 6.5), and
 * statmount() and listmount() (6.8) with their request and result
 * structures, mask bits and special ids (STATMOUNT_MNT_NS_ID,
 * STATMOUNT_MNT_OPTS, LISTMOUNT_REVERSE and the second request version
 * came in 6.11).
 *
 * glibc's <sys/mount.h> first. <linux/mount.h> is not included: before
 * glibc 2.37 the two conflict, and from 2.37 <sys/mount.h> includes it
 * itself when it is there. The structures carry names of their own
 * (lapi_statmount, lapi_mnt_id_req), so that they never clash with the
 * kernel header's struct statmount and struct mnt_id_req; their layout
 * is the kernel's (uapi sizes: 512 and 32 bytes).
 */
#ifndef LAPI_MOUNT_H
#define LAPI_MOUNT_H

#include <stdint.h>
#include <sys/mount.h>

#ifndef MOVE_MOUNT_BENEATH
# define MOVE_MOUNT_BENEATH 0x00000200
#endif

#ifndef STATMOUNT_SB_BASIC
# define STATMOUNT_SB_BASIC		0x00000001U
#endif
#ifndef STATMOUNT_MNT_BASIC
# define STATMOUNT_MNT_BASIC		0x00000002U
#endif
#ifndef STATMOUNT_PROPAGATE_FROM
# define STATMOUNT_PROPAGATE_FROM	0x00000004U
#endif
#ifndef STATMOUNT_MNT_ROOT
# define STATMOUNT_MNT_ROOT		0x00000008U
#endif
#ifndef STATMOUNT_MNT_POINT
# define STATMOUNT_MNT_POINT		0x00000010U
#endif
#ifndef STATMOUNT_FS_TYPE
# define STATMOUNT_FS_TYPE		0x00000020U
#endif
#ifndef STATMOUNT_MNT_NS_ID
# define STATMOUNT_MNT_NS_ID		0x00000040U
#endif
#ifndef STATMOUNT_MNT_OPTS
# define STATMOUNT_MNT_OPTS		0x00000080U
#endif

#ifndef LSMT_ROOT
# define LSMT_ROOT 0xffffffffffffffffULL	/* the caller's root mount */
#endif
#ifndef LISTMOUNT_REVERSE
# define LISTMOUNT_REVERSE (1 << 0)
#endif

#ifndef MNT_ID_REQ_SIZE_VER0
# define MNT_ID_REQ_SIZE_VER0 24
#endif
#ifndef MNT_ID_REQ_SIZE_VER1
# define MNT_ID_REQ_SIZE_VER1 32
#endif

/* struct mnt_id_req: what statmount() and listmount() look at. */
struct lapi_mnt_id_req {
	uint32_t size;		/* MNT_ID_REQ_SIZE_VER0 or _VER1 */
	uint32_t mnt_ns_fd;	/* 0, or a mount namespace fd (was spare) */
	uint64_t mnt_id;	/* unique id (STATX_MNT_ID_UNIQUE) */
	uint64_t param;		/* statmount: mask; listmount: last id */
	uint64_t mnt_ns_id;	/* VER1: NS_GET_MNTNS_ID of a namespace */
};

/*
 * struct statmount. String fields are offsets into str[], which
 * follows the fixed part when the caller's buffer is larger.
 */
struct lapi_statmount {
	uint32_t size;		/* bytes written, strings included */
	uint32_t mnt_opts;	/* [str] STATMOUNT_MNT_OPTS */
	uint64_t mask;		/* the groups filled in */
	uint32_t sb_dev_major;
	uint32_t sb_dev_minor;
	uint64_t sb_magic;
	uint32_t sb_flags;	/* SB_RDONLY, _SYNCHRONOUS, _DIRSYNC, _LAZYTIME */
	uint32_t fs_type;	/* [str] */
	uint64_t mnt_id;
	uint64_t mnt_parent_id;
	uint32_t mnt_id_old;	/* the ids of /proc/self/mountinfo */
	uint32_t mnt_parent_id_old;
	uint64_t mnt_attr;	/* MOUNT_ATTR_* */
	uint64_t mnt_propagation;	/* MS_SHARED, _SLAVE, _PRIVATE, _UNBINDABLE */
	uint64_t mnt_peer_group;
	uint64_t mnt_master;
	uint64_t propagate_from;
	uint32_t mnt_root;	/* [str] */
	uint32_t mnt_point;	/* [str] */
	uint64_t mnt_ns_id;
	uint64_t spare2[49];
	char str[];
};

#endif /* LAPI_MOUNT_H */
