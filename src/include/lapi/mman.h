/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mmap(), madvise(), mlock(), mremap() and protection key flags
 * (include/uapi/asm-generic/mman-common.h, linux/mman.h), and the
 * structures of cachestat().
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_MMAN_H
#define LAPI_MMAN_H

#include <stdint.h>
#include <sys/mman.h>

#ifndef MADV_COLD
# define MADV_COLD 20
#endif
#ifndef MADV_COLLAPSE
# define MADV_COLLAPSE 25
#endif
#ifndef MADV_DONTNEED_LOCKED
# define MADV_DONTNEED_LOCKED 24
#endif
#ifndef MADV_FREE
# define MADV_FREE 8
#endif
#ifndef MADV_HWPOISON
# define MADV_HWPOISON 100
#endif
#ifndef MADV_SOFT_OFFLINE
# define MADV_SOFT_OFFLINE 101
#endif
#ifndef MADV_KEEPONFORK
# define MADV_KEEPONFORK 19
#endif
#ifndef MADV_PAGEOUT
# define MADV_PAGEOUT 21
#endif
#ifndef MADV_POPULATE_READ
# define MADV_POPULATE_READ 22
#endif
#ifndef MADV_POPULATE_WRITE
# define MADV_POPULATE_WRITE 23
#endif
#ifndef MADV_WIPEONFORK
# define MADV_WIPEONFORK 18
#endif
#ifndef MAP_DROPPABLE
# define MAP_DROPPABLE 0x08
#endif
#ifndef MAP_FIXED_NOREPLACE
# define MAP_FIXED_NOREPLACE 0x100000
#endif
#ifndef MAP_HUGE_SHIFT
# define MAP_HUGE_SHIFT 26
#endif
#ifndef MAP_HUGE_MASK
# define MAP_HUGE_MASK 0x3f
#endif
#ifndef MAP_SHARED_VALIDATE
# define MAP_SHARED_VALIDATE 0x03
#endif
#ifndef MAP_SYNC
# define MAP_SYNC 0x80000
#endif
#ifndef MCL_ONFAULT
# define MCL_ONFAULT 4
#endif
#ifndef MLOCK_ONFAULT
# define MLOCK_ONFAULT 1
#endif
#ifndef MREMAP_DONTUNMAP
# define MREMAP_DONTUNMAP 4
#endif
#ifndef PKEY_DISABLE_ACCESS
# define PKEY_DISABLE_ACCESS 0x1
#endif
#ifndef PKEY_DISABLE_WRITE
# define PKEY_DISABLE_WRITE 0x2
#endif

/*
 * cachestat() (include/uapi/linux/mman.h, Linux 6.5), under names of our
 * own: <linux/mman.h> declares struct cachestat and struct
 * cachestat_range where the build machine's headers are new enough.
 */
struct kcachestat_range {
	uint64_t off;
	uint64_t len;
};

struct kcachestat {
	uint64_t nr_cache;
	uint64_t nr_dirty;
	uint64_t nr_writeback;
	uint64_t nr_evicted;
	uint64_t nr_recently_evicted;
};

#endif /* LAPI_MMAN_H */
