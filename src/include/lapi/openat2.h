/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * openat2(): struct open_how and RESOLVE_* (include/uapi/linux/openat2.h),
 * and the size of its first version (include/linux/fcntl.h, not exported).
 */
#ifndef LAPI_OPENAT2_H
#define LAPI_OPENAT2_H

#include <linux/openat2.h>

#ifndef OPEN_HOW_SIZE_VER0
# define OPEN_HOW_SIZE_VER0 24	/* larger sizes must be accepted */
#endif

#endif /* LAPI_OPENAT2_H */
