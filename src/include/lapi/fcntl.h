/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * *at() flags, file seals, rename and file handle constants
 * (include/uapi/linux/fcntl.h, fs.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_FCNTL_H
#define LAPI_FCNTL_H

#include <fcntl.h>
#include <stdio.h>

#ifndef AT_RECURSIVE
# define AT_RECURSIVE 0x8000
#endif
#ifndef F_SEAL_EXEC
# define F_SEAL_EXEC 0x0020
#endif
#ifndef F_SEAL_FUTURE_WRITE
# define F_SEAL_FUTURE_WRITE 0x0010
#endif
#ifndef MAX_HANDLE_SZ
# define MAX_HANDLE_SZ 128
#endif
#ifndef RENAME_EXCHANGE
# define RENAME_EXCHANGE (1 << 1)
#endif

#endif /* LAPI_FCNTL_H */
