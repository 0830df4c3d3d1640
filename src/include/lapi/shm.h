/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * System V shared memory flags (include/uapi/linux/shm.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_SHM_H
#define LAPI_SHM_H

#include <sys/shm.h>

#ifndef SHM_HUGETLB
# define SHM_HUGETLB 04000
#endif

#ifndef SHM_HUGE_SHIFT
# define SHM_HUGE_SHIFT 26
#endif

#endif /* LAPI_SHM_H */
