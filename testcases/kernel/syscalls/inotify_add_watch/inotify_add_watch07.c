// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * inotify_add_watch() ENOSPC: each watch counts against the user's
 * max_inotify_watches in the user namespace the inotify instance was
 * made in (and its ancestors). In a child in a new user namespace, whose
 * own /proc/sys/user/max_inotify_watches it may set (nothing outside it
 * changes), with the limit 2:
 * - the first two watches are added, the third is ENOSPC;
 * - changing the mask of a watched file (IN_MASK_ADD) still works at
 *   the limit and returns the same watch descriptor: no new watch;
 * - after inotify_rm_watch() of one, the third file is watched;
 * - with the limit 0, no watch at all.
 * Syscalls: inotify_add_watch
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/inotify.h>
#include "tst_test.h"
#include "fsmeta.h"

#define LIMIT_FILE "/proc/sys/user/max_inotify_watches"

static void set_limit(int limit)
{
	SAFE_FILE_PRINTF(LIMIT_FILE, "%d", limit);
}

static int new_instance(void)
{
	int fd = inotify_init1(IN_CLOEXEC);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1()");
	return fd;
}

static void child(void)
{
	int fd, wd_a, wd_b;

	if (unshare(CLONE_NEWUSER)) {
		tst_res(TCONF | TERRNO, "unshare(CLONE_NEWUSER)");
		exit(0);
	}
	set_limit(2);
	fd = new_instance();
	wd_a = inotify_add_watch(fd, "a", IN_OPEN);
	wd_b = inotify_add_watch(fd, "b", IN_OPEN);
	if (wd_a < 0 || wd_b < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch(a, b) below the "
			"limit");
	TST_EXP_FAIL(inotify_add_watch(fd, "c", IN_OPEN), ENOSPC,
		     "a third watch with max_inotify_watches 2");
	TST_EXP_VAL(inotify_add_watch(fd, "a", IN_CLOSE | IN_MASK_ADD), wd_a,
		    "a new mask for a watched file at the limit");
	TST_EXP_PASS(inotify_rm_watch(fd, wd_b), "inotify_rm_watch(b)");
	TST_EXP_POSITIVE(inotify_add_watch(fd, "c", IN_OPEN),
			 "the third file once a watch was removed");
	SAFE_CLOSE(fd);

	set_limit(0);
	fd = new_instance();
	TST_EXP_FAIL(inotify_add_watch(fd, "a", IN_OPEN), ENOSPC,
		     "a watch with max_inotify_watches 0");
	SAFE_CLOSE(fd);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		child();
	reap_child(pid);
}

static void setup(void)
{
	fsm_create_file("a", 0644, "a");
	fsm_create_file("b", 0644, "b");
	fsm_create_file("c", 0644, "c");
	if (access(LIMIT_FILE, F_OK))
		tst_brk(TCONF, "no %s", LIMIT_FILE);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
