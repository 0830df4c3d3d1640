/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clone3() has no glibc wrapper. The argument structure is spelled out
 * here (from include/uapi/linux/sched.h) so the tests do not depend on
 * the installed kernel headers, and so they can pass sizes other than
 * the structure's own.
 */
#ifndef CLONE3_RAW_H
#define CLONE3_RAW_H

#include <stdint.h>
#include <sys/syscall.h>
#include "tst_test.h"

#ifndef __NR_clone3
# define __NR_clone3	435
#endif

#define CLONE_ARGS_VER0		64	/* up to tls */
#define CLONE_ARGS_VER1		80	/* + set_tid, set_tid_size */
#define CLONE_ARGS_VER2		88	/* + cgroup */

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

/* Returns like fork(): 0 in the child. ENOSYS ends the test with TCONF. */
static inline long clone3(void *args, size_t size)
{
	return tst_syscall(__NR_clone3, args, size);
}

#define PTR64(p)	((uint64_t)(uintptr_t)(p))

#endif /* CLONE3_RAW_H */
