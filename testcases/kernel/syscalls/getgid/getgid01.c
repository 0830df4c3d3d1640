// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getgid(2) and getegid(2) return the real and the effective gid the task
 * holds, as /proc/self/status shows them: for root, and in a child whose
 * real, effective and saved gids were made all different with setresgid()
 * (a kernel that mixed them up returns the wrong one of the three).
 */
#define ID_GET getgid
#define ID_GETE getegid
#define ID_SETRES setresgid
#define ID_STATUS "Gid:"
#include "getid_test.h"

static struct tst_test test = {
	.test_all = getid_run,
	.needs_root = 1,
	.forks_child = 1,
};
