/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * prctl() options newer than some build hosts' <linux/prctl.h>
 * (include/uapi/linux/prctl.h): PR_SET_MEMORY_MERGE and
 * PR_GET_MEMORY_MERGE (KSM for the whole process) came in 6.4.
 */
#ifndef LAPI_PRCTL_H
#define LAPI_PRCTL_H

#include <sys/prctl.h>

#ifndef PR_SET_MEMORY_MERGE
# define PR_SET_MEMORY_MERGE	67
#endif
#ifndef PR_GET_MEMORY_MERGE
# define PR_GET_MEMORY_MERGE	68
#endif

#endif /* LAPI_PRCTL_H */
