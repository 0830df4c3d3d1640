/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * futex2 flags and futex_waitv() entries (include/uapi/linux/futex.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_FUTEX_H
#define LAPI_FUTEX_H

#include <stdint.h>
#include <linux/futex.h>

#ifndef FUTEX2_SIZE_U32
# define FUTEX2_SIZE_U32 0x02
#endif
#ifndef FUTEX2_SIZE_U64
# define FUTEX2_SIZE_U64 0x03
#endif

/* struct futex_waitv of include/uapi/linux/futex.h under a name of its own */
struct kwaitv {
	uint64_t val;
	uint64_t uaddr;
	uint32_t flags;
	uint32_t reserved;
};

#endif /* LAPI_FUTEX_H */
