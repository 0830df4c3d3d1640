// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * geteuid(2), called raw, returns the effective uid the task holds, the
 * second number of the "Uid:" line of /proc/self/status: for root, in a
 * child whose real, effective and saved uids were made all different with
 * setresuid() (a kernel that mixed them up returns the wrong one), after
 * that child switched its effective uid to the saved one, and after a
 * setfsuid() that changes the filesystem uid only.
 */
#define ID_CALL geteuid
#define ID_SETRES setresuid
#define ID_SETFS setfsuid
#define ID_STATUS "Uid:"
#include "geteid_test.h"

static struct tst_test test = {
	.test_all = geteid_run,
	.needs_root = 1,
	.forks_child = 1,
};
