/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Landlock (include/uapi/linux/landlock.h) under names of its own (LL_*,
 * struct ll_*): the installed header may be older or newer, and later
 * ABIs append fields. ABI 1 is Linux 5.13, 2 5.19, 3 6.2, 4 6.7 (network
 * rules), 5 6.10 (IOCTL_DEV), 6 6.12 (scopes).
 */
#ifndef LAPI_LANDLOCK_H
#define LAPI_LANDLOCK_H

#include <stdint.h>

#define LL_CREATE_RULESET_VERSION	(1U << 0)
#define LL_RULE_PATH_BENEATH		1
#define LL_ACCESS_FS_EXECUTE		(1ULL << 0)
#define LL_ACCESS_FS_WRITE_FILE		(1ULL << 1)
#define LL_ACCESS_FS_READ_FILE		(1ULL << 2)
#define LL_ACCESS_FS_READ_DIR		(1ULL << 3)
#define LL_ACCESS_FS_REMOVE_DIR		(1ULL << 4)
#define LL_ACCESS_FS_REMOVE_FILE	(1ULL << 5)
#define LL_ACCESS_FS_MAKE_CHAR		(1ULL << 6)
#define LL_ACCESS_FS_MAKE_DIR		(1ULL << 7)
#define LL_ACCESS_FS_MAKE_REG		(1ULL << 8)
#define LL_ACCESS_FS_MAKE_SOCK		(1ULL << 9)
#define LL_ACCESS_FS_MAKE_FIFO		(1ULL << 10)
#define LL_ACCESS_FS_MAKE_BLOCK		(1ULL << 11)
#define LL_ACCESS_FS_MAKE_SYM		(1ULL << 12)
#define LL_ACCESS_FS_REFER		(1ULL << 13)	/* ABI 2 */
#define LL_ACCESS_FS_TRUNCATE		(1ULL << 14)	/* ABI 3 */
#define LL_ACCESS_FS_IOCTL_DEV		(1ULL << 15)	/* ABI 5 */

#define LL_RULE_NET_PORT		2		/* ABI 4 */
#define LL_ACCESS_NET_BIND_TCP		(1ULL << 0)	/* ABI 4 */
#define LL_ACCESS_NET_CONNECT_TCP	(1ULL << 1)	/* ABI 4 */

#define LL_SCOPE_ABSTRACT_UNIX_SOCKET	(1ULL << 0)	/* ABI 6 */
#define LL_SCOPE_SIGNAL			(1ULL << 1)	/* ABI 6 */

/* struct landlock_ruleset_attr of ABI 1: later ABIs append fields. */
struct ll_ruleset_attr {
	uint64_t handled_access_fs;
};

/* struct landlock_ruleset_attr of ABI 4 and 5: network rights added. */
struct ll_ruleset_attr_abi4 {
	uint64_t handled_access_fs;
	uint64_t handled_access_net;
};

/* struct landlock_ruleset_attr of ABI 6: scopes added. */
struct ll_ruleset_attr_abi6 {
	uint64_t handled_access_fs;
	uint64_t handled_access_net;
	uint64_t scoped;
};

/* struct landlock_net_port_attr (ABI 4): port in host byte order. */
struct ll_net_port_attr {
	uint64_t allowed_access;
	uint64_t port;
};

/* struct landlock_path_beneath_attr (packed in the uapi header). */
struct ll_path_beneath_attr {
	uint64_t allowed_access;
	int32_t parent_fd;
} __attribute__((packed));

#endif /* LAPI_LANDLOCK_H */
