/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * membarrier() commands and flags (include/uapi/linux/membarrier.h). They
 * are enum members there, invisible to #ifdef, so the ones newer than the
 * build host's header have names of their own:
 * MEMBARRIER_CMD_GET_REGISTRATIONS came in 6.3.
 */
#ifndef LAPI_MEMBARRIER_H
#define LAPI_MEMBARRIER_H

#include <linux/membarrier.h>

#define MB_CMD_GET_REGISTRATIONS	(1 << 9)
/* every command bit a kernel up to 6.12 knows */
#define MB_KNOWN_CMDS			((1 << 10) - 1)
#define MB_FLAG_CPU			(1 << 0)

#endif /* LAPI_MEMBARRIER_H */
