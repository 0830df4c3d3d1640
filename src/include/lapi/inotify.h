/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * inotify flags (include/uapi/linux/inotify.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_INOTIFY_H
#define LAPI_INOTIFY_H

#include <sys/inotify.h>

#ifndef IN_MASK_CREATE
# define IN_MASK_CREATE 0x10000000
#endif

#endif /* LAPI_INOTIFY_H */
