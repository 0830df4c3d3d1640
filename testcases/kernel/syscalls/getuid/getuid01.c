// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getuid(2) and geteuid(2) return the real and the effective uid the task
 * holds, as /proc/self/status shows them: for root, and in a child whose
 * real, effective and saved uids were made all different with setresuid()
 * (a kernel that mixed them up returns the wrong one of the three).
 */
#define ID_GET getuid
#define ID_GETE geteuid
#define ID_SETRES setresuid
#define ID_STATUS "Uid:"
#define ID_ROOT_IS_0
#include "getid_test.h"

static struct tst_test test = {
	.test_all = getid_run,
	.needs_root = 1,
	.forks_child = 1,
};
