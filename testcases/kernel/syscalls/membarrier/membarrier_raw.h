/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * membarrier(2), raw, and its commands (include/uapi/linux/membarrier.h;
 * MEMBARRIER_CMD_GET_REGISTRATIONS came in 6.3).
 */
#ifndef MEMBARRIER_RAW_H
#define MEMBARRIER_RAW_H

#include <sys/syscall.h>
#include <linux/membarrier.h>
#include "tst_test.h"

#ifndef __NR_membarrier
# define __NR_membarrier 324
#endif

#define MB_CMD_GET_REGISTRATIONS	(1 << 9)
/* every command bit a kernel up to 6.12 knows */
#define MB_KNOWN_CMDS			((1 << 10) - 1)
#define MB_FLAG_CPU			(1 << 0)

static inline long membarrier_raw(int cmd, unsigned int flags, int cpu_id)
{
	return tst_syscall(__NR_membarrier, cmd, flags, cpu_id);
}

#endif /* MEMBARRIER_RAW_H */
