/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Run a check as the unprivileged user nobody: in a child that dropped
 * from root with tst_drop_privs(), so the test process stays root (or
 * under an unprivileged uid of its own, see drop_to_own_uid()). The
 * child's results count through the library's shared page. Not root:
 * TCONF, there is nobody to drop to.
 */
#ifndef AS_NOBODY_H
#define AS_NOBODY_H

#include <errno.h>
#include <grp.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "tst_test.h"

/*
 * Limits that count what all processes of a user hold (signals queued
 * under RLIMIT_SIGPENDING, SHM_LOCKed memory under RLIMIT_MEMLOCK: the
 * user's ucounts) are shared by every test that runs as nobody, and by a
 * second instance of the same test running beside it. A check of such a
 * count drops to a uid of its own instead: 2^30 plus the caller's pid,
 * which no other live process can have been given this way, and which
 * must have no process yet (getpriority(PRIO_USER) ESRCH). Root only.
 */
#define OWN_UID_BASE 0x40000000u

static inline uid_t drop_to_own_uid(void)
{
	uid_t uid = OWN_UID_BASE + getpid();

	errno = 0;
	if (getpriority(PRIO_USER, uid) != -1 || errno != ESRCH)
		tst_brk(TBROK, "uid %u already has processes",
			(unsigned int)uid);
	if (setgroups(0, NULL))
		tst_brk(TBROK | TERRNO, "setgroups(0, NULL)");
	if (setresgid(uid, uid, uid))
		tst_brk(TBROK | TERRNO, "setresgid(%u)", (unsigned int)uid);
	if (setresuid(uid, uid, uid))
		tst_brk(TBROK | TERRNO, "setresuid(%u)", (unsigned int)uid);
	return uid;
}

static inline void run_in_child_as(void (*fn)(void), int own_uid,
				   const char *skipped)
{
	int status;
	pid_t pid;

	if (geteuid()) {
		tst_res(TCONF, "not root: %s are skipped", skipped);
		return;
	}
	pid = SAFE_FORK();
	if (!pid) {
		if (own_uid)
			drop_to_own_uid();
		else
			tst_drop_privs();
		fn();
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (WIFSIGNALED(status))
		tst_res(TBROK, "unprivileged child killed by %s",
			tst_strsig(WTERMSIG(status)));
	else if (WEXITSTATUS(status) & ~(TFAIL | TBROK | TWARN | TCONF))
		tst_res(TBROK, "unprivileged child exited with %d",
			WEXITSTATUS(status));
}

static inline void run_in_nobody_child(void (*fn)(void),
				       const char *skipped)
{
	run_in_child_as(fn, 0, skipped);
}

/* The same, under a uid of its own (drop_to_own_uid()). */
static inline void run_in_own_uid_child(void (*fn)(void),
					const char *skipped)
{
	run_in_child_as(fn, 1, skipped);
}

#endif /* AS_NOBODY_H */
