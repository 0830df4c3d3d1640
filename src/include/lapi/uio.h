/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * preadv2()/pwritev2() flags and the iovec count limit
 * (include/uapi/linux/fs.h, uio.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_UIO_H
#define LAPI_UIO_H

#include <limits.h>
#include <sys/uio.h>

#ifndef IOV_MAX
# define IOV_MAX 1024
#endif
#ifndef RWF_APPEND
# define RWF_APPEND 0x10
#endif
#ifndef RWF_DSYNC
# define RWF_DSYNC 0x02
#endif
#ifndef RWF_HIPRI
# define RWF_HIPRI 0x01
#endif
#ifndef RWF_NOAPPEND
# define RWF_NOAPPEND 0x20
#endif
#ifndef RWF_NOWAIT
# define RWF_NOWAIT 0x08
#endif
#ifndef RWF_SYNC
# define RWF_SYNC 0x04
#endif

#endif /* LAPI_UIO_H */
