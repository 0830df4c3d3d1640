/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * statfs() mount flags (include/linux/statfs.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_STATVFS_H
#define LAPI_STATVFS_H

#include <sys/statvfs.h>

#ifndef ST_VALID
# define ST_VALID 0x0020
#endif

#endif /* LAPI_STATVFS_H */
