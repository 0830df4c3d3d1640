/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Scheduling policies, sched_setattr() and clone() flags, struct
 * sched_attr and clone3()'s argument structure (include/uapi/linux/sched.h,
 * sched/types.h).
 * The C library's header first; a name it lacks gets the kernel's value.
 */
#ifndef LAPI_SCHED_H
#define LAPI_SCHED_H

#include <sched.h>
#include <stdint.h>
#include "config.h"

#ifndef CLONE_DETACHED
# define CLONE_DETACHED 0x00400000
#endif
#ifndef CLONE_PIDFD
# define CLONE_PIDFD 0x00001000
#endif
#ifndef SCHED_BATCH
# define SCHED_BATCH 3
#endif
#ifndef SCHED_DEADLINE
# define SCHED_DEADLINE 6
#endif
#ifndef SCHED_FLAG_KEEP_PARAMS
# define SCHED_FLAG_KEEP_PARAMS 0x10
#endif
#ifndef SCHED_FLAG_DL_OVERRUN
# define SCHED_FLAG_DL_OVERRUN 0x04
#endif
#ifndef SCHED_FLAG_KEEP_POLICY
# define SCHED_FLAG_KEEP_POLICY 0x08
#endif
#ifndef SCHED_FLAG_RESET_ON_FORK
# define SCHED_FLAG_RESET_ON_FORK 0x01
#endif
#ifndef SCHED_FLAG_UTIL_CLAMP_MIN
# define SCHED_FLAG_UTIL_CLAMP_MIN 0x20
#endif
#ifndef SCHED_IDLE
# define SCHED_IDLE 5
#endif
#ifndef SCHED_RESET_ON_FORK
# define SCHED_RESET_ON_FORK 0x40000000
#endif

#ifndef SCHED_ATTR_SIZE_VER0
# define SCHED_ATTR_SIZE_VER0 48	/* Linux 3.14, no utilisation clamps */
#endif

#ifndef HAVE_STRUCT_SCHED_ATTR
/* Layout of include/uapi/linux/sched/types.h, SCHED_ATTR_SIZE_VER1. */
struct sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
	uint32_t sched_util_min;
	uint32_t sched_util_max;
};
#endif

/*
 * struct clone_args under a name of its own (the C library's may be
 * missing or differ), and its published sizes: CLONE_ARGS_SIZE_VER0..2.
 */
#define CLONE_ARGS_VER0		64	/* up to tls */
#define CLONE_ARGS_VER1		80	/* + set_tid, set_tid_size */
#define CLONE_ARGS_VER2		88	/* + cgroup */

/* clone3()-only flags are 64 bits wide: the ULL spelling is wanted. */
#define CLONE3_PIDFD		0x00001000ULL
#define CLONE3_CLEAR_SIGHAND	0x100000000ULL
#define CLONE3_INTO_CGROUP	0x200000000ULL

struct clone3_args {
	uint64_t flags;
	uint64_t pidfd;
	uint64_t child_tid;
	uint64_t parent_tid;
	uint64_t exit_signal;
	uint64_t stack;
	uint64_t stack_size;
	uint64_t tls;
	uint64_t set_tid;
	uint64_t set_tid_size;
	uint64_t cgroup;
};

#endif /* LAPI_SCHED_H */
