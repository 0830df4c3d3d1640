/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memfd_create() flags (include/uapi/linux/memfd.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_MEMFD_H
#define LAPI_MEMFD_H

#include <sys/mman.h>

#ifndef MFD_EXEC
# define MFD_EXEC 0x0010U
#endif
#ifndef MFD_HUGETLB
# define MFD_HUGETLB 0x0004U
#endif
#ifndef MFD_HUGE_2MB
# define MFD_HUGE_2MB (21U << 26)
#endif
#ifndef MFD_NOEXEC_SEAL
# define MFD_NOEXEC_SEAL 0x0008U
#endif

#endif /* LAPI_MEMFD_H */
