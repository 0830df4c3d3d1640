// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getegid(2), called raw, returns the effective gid the task holds, the
 * second number of the "Gid:" line of /proc/self/status: for root, in a
 * child whose real, effective and saved gids were made all different with
 * setresgid() (a kernel that mixed them up returns the wrong one), after
 * that child switched its effective gid to the saved one, and after a
 * setfsgid() that changes the filesystem gid only.
 */
#define ID_CALL getegid
#define ID_SETRES setresgid
#define ID_SETFS setfsgid
#define ID_STATUS "Gid:"
#include "geteid_test.h"

static struct tst_test test = {
	.test_all = geteid_run,
	.needs_root = 1,
	.forks_child = 1,
};
