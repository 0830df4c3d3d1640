/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * waitid() id types (include/uapi/linux/wait.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_WAIT_H
#define LAPI_WAIT_H

#include <sys/wait.h>

#ifndef P_PIDFD
# define P_PIDFD 3
#endif

#endif /* LAPI_WAIT_H */
