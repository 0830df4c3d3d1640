/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * userfaultfd() flags, and the UFFDIO_POISON and UFFDIO_MOVE ioctls with
 * their structures (include/uapi/linux/userfaultfd.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_USERFAULTFD_H
#define LAPI_USERFAULTFD_H

#include <linux/userfaultfd.h>

#ifndef UFFD_USER_MODE_ONLY
# define UFFD_USER_MODE_ONLY 1
#endif

/* UFFDIO_POISON (Linux 6.6) */
#ifndef UFFD_FEATURE_POISON
# define UFFD_FEATURE_POISON (1 << 14)
#endif
#ifndef UFFDIO_POISON
# define _UFFDIO_POISON (0x08)
# define UFFDIO_POISON_MODE_DONTWAKE ((__u64)1 << 0)
struct uffdio_poison {
	struct uffdio_range range;
	__u64 mode;
	__s64 updated;
};
# define UFFDIO_POISON _IOWR(UFFDIO, _UFFDIO_POISON, struct uffdio_poison)
#endif

/* UFFDIO_MOVE (Linux 6.8) */
#ifndef UFFD_FEATURE_MOVE
# define UFFD_FEATURE_MOVE (1 << 16)
#endif
#ifndef UFFDIO_MOVE
# define _UFFDIO_MOVE (0x05)
# define UFFDIO_MOVE_MODE_DONTWAKE ((__u64)1 << 0)
# define UFFDIO_MOVE_MODE_ALLOW_SRC_HOLES ((__u64)1 << 1)
struct uffdio_move {
	__u64 dst;
	__u64 src;
	__u64 len;
	__u64 mode;
	__s64 move;
};
# define UFFDIO_MOVE _IOWR(UFFDIO, _UFFDIO_MOVE, struct uffdio_move)
#endif

#endif /* LAPI_USERFAULTFD_H */
