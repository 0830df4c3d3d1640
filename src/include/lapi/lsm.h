/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The LSM syscalls' ABI (include/uapi/linux/lsm.h, Linux 6.8): module
 * ids, attribute ids, LSM_FLAG_SINGLE, and struct lsm_ctx under a name of
 * its own (struct lsm_ctx_hdr: the C library has no such header, and a
 * newer kernel header may declare struct lsm_ctx).
 */
#ifndef LAPI_LSM_H
#define LAPI_LSM_H

#include <stdint.h>

#ifndef LSM_ID_UNDEF
# define LSM_ID_UNDEF		0
# define LSM_ID_CAPABILITY	100
# define LSM_ID_SELINUX		101
# define LSM_ID_SMACK		102
# define LSM_ID_TOMOYO		103
# define LSM_ID_APPARMOR	104
# define LSM_ID_YAMA		105
# define LSM_ID_LOADPIN		106
# define LSM_ID_SAFESETID	107
# define LSM_ID_LOCKDOWN	108
# define LSM_ID_BPF		109
# define LSM_ID_LANDLOCK	110
# define LSM_ID_IMA		111
# define LSM_ID_EVM		112
# define LSM_ID_IPE		113
#endif

#ifndef LSM_ATTR_UNDEF
# define LSM_ATTR_UNDEF		0
# define LSM_ATTR_CURRENT	100
# define LSM_ATTR_EXEC		101
# define LSM_ATTR_FSCREATE	102
# define LSM_ATTR_KEYCREATE	103
# define LSM_ATTR_PREV		104
# define LSM_ATTR_SOCKCREATE	105
#endif

#ifndef LSM_FLAG_SINGLE
# define LSM_FLAG_SINGLE	0x0001
#endif

/*
 * struct lsm_ctx: one LSM's entry; len is the whole entry (this header,
 * ctx_len bytes of context, padding to 8 bytes), entries follow each
 * other in the buffer.
 */
struct lsm_ctx_hdr {
	uint64_t id;
	uint64_t flags;
	uint64_t len;
	uint64_t ctx_len;
	uint8_t ctx[];
};

#endif /* LAPI_LSM_H */
