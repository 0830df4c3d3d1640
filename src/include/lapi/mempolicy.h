/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * NUMA memory policy modes and flags (include/uapi/linux/mempolicy.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_MEMPOLICY_H
#define LAPI_MEMPOLICY_H

#include <linux/mempolicy.h>

#ifndef MPOL_F_NUMA_BALANCING
# define MPOL_F_NUMA_BALANCING (1 << 13)
#endif
#ifndef MPOL_PREFERRED_MANY
# define MPOL_PREFERRED_MANY 5
#endif

#endif /* LAPI_MEMPOLICY_H */
