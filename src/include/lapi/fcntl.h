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
/* name_to_handle_at() flags: a u64 unique mount id (6.12), a handle
 * that need not be decodable (6.5), one with its parent (6.13). */
#ifndef AT_HANDLE_MNT_ID_UNIQUE
# define AT_HANDLE_MNT_ID_UNIQUE 0x001
#endif
#ifndef AT_HANDLE_CONNECTABLE
# define AT_HANDLE_CONNECTABLE 0x002
#endif
#ifndef AT_HANDLE_FID
# define AT_HANDLE_FID 0x200
#endif
/* fcntl(): did this open create the file (6.12)? F_LINUX_SPECIFIC_BASE + 4 */
#ifndef F_CREATED_QUERY
# define F_CREATED_QUERY (1024 + 4)
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
