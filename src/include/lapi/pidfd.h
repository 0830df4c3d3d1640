/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pidfd_open() flags (include/uapi/linux/pidfd.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_PIDFD_H
#define LAPI_PIDFD_H

#include <fcntl.h>

#ifndef PIDFD_NONBLOCK
# define PIDFD_NONBLOCK O_NONBLOCK
#endif

#endif /* LAPI_PIDFD_H */
