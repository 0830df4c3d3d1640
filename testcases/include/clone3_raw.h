/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clone3() has no glibc wrapper. Its argument structure, struct
 * clone3_args, is in lapi/sched.h under a name of its own, so the tests
 * do not depend on the installed kernel headers and can pass sizes other
 * than the structure's own.
 */
#ifndef CLONE3_RAW_H
#define CLONE3_RAW_H

#include <stdint.h>
#include "tst_test.h"
#include "lapi/sched.h"

/* Returns like fork(): 0 in the child. ENOSYS ends the test with TCONF. */
static inline long clone3(void *args, size_t size)
{
	return tst_syscall(__NR_clone3, args, size);
}

#define PTR64(p)	((uint64_t)(uintptr_t)(p))

#endif /* CLONE3_RAW_H */
