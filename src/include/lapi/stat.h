/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * statx() mask bits newer than the build machine's C library
 * (include/uapi/linux/stat.h). glibc's <sys/stat.h> first.
 */
#ifndef LAPI_STAT_H
#define LAPI_STAT_H

#include <sys/stat.h>

#ifndef STATX_MNT_ID
# define STATX_MNT_ID 0x00001000U	/* the id of /proc/self/mountinfo */
#endif
#ifndef STATX_MNT_ID_UNIQUE
# define STATX_MNT_ID_UNIQUE 0x00004000U	/* 64-bit, never reused (6.8) */
#endif

#endif /* LAPI_STAT_H */
