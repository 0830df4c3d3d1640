/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * getrandom() flags (include/uapi/linux/random.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_RANDOM_H
#define LAPI_RANDOM_H

#include <sys/random.h>

#ifndef GRND_INSECURE
# define GRND_INSECURE 0x0004
#endif

#endif /* LAPI_RANDOM_H */
