/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Extended attribute limits (include/uapi/linux/limits.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_XATTR_H
#define LAPI_XATTR_H

#include <linux/limits.h>

#ifndef XATTR_NAME_MAX
# define XATTR_NAME_MAX 255
#endif
#ifndef XATTR_SIZE_MAX
# define XATTR_SIZE_MAX 65536
#endif

#endif /* LAPI_XATTR_H */
