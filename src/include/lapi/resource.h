/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * getrusage() targets and prlimit64()'s limits (include/uapi/linux/resource.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_RESOURCE_H
#define LAPI_RESOURCE_H

#include <stdint.h>
#include <sys/resource.h>

#ifndef RUSAGE_THREAD
# define RUSAGE_THREAD 1
#endif

/* struct rlimit64 of include/uapi/linux/resource.h, prlimit64()'s */
struct rlimit64_raw {
	uint64_t cur, max;
};

#endif /* LAPI_RESOURCE_H */
