/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * userfaultfd() flags (include/uapi/linux/userfaultfd.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_USERFAULTFD_H
#define LAPI_USERFAULTFD_H

#include <linux/userfaultfd.h>

#ifndef UFFD_USER_MODE_ONLY
# define UFFD_USER_MODE_ONLY 1
#endif

#endif /* LAPI_USERFAULTFD_H */
