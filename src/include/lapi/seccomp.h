/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * seccomp() operations and filter return actions
 * (include/uapi/linux/seccomp.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_SECCOMP_H
#define LAPI_SECCOMP_H

#include <linux/seccomp.h>

#ifndef SECCOMP_GET_ACTION_AVAIL
# define SECCOMP_GET_ACTION_AVAIL 2
#endif
#ifndef SECCOMP_RET_KILL_PROCESS
# define SECCOMP_RET_KILL_PROCESS 0x80000000U
#endif
#ifndef SECCOMP_RET_LOG
# define SECCOMP_RET_LOG 0x7ffc0000U
#endif
#ifndef SECCOMP_RET_USER_NOTIF
# define SECCOMP_RET_USER_NOTIF 0x7fc00000U
#endif

#endif /* LAPI_SECCOMP_H */
