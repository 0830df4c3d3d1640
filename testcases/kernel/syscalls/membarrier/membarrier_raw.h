/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * membarrier(2), raw; its commands are in lapi/membarrier.h.
 */
#ifndef MEMBARRIER_RAW_H
#define MEMBARRIER_RAW_H

#include <sys/syscall.h>
#include "tst_test.h"
#include "lapi/membarrier.h"

static inline long membarrier_raw(int cmd, unsigned int flags, int cpu_id)
{
	return tst_syscall(__NR_membarrier, cmd, flags, cpu_id);
}

#endif /* MEMBARRIER_RAW_H */
