/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Run a check as the unprivileged user nobody: in a child that dropped
 * from root with tst_drop_privs(), so the test process stays root. The
 * child's results count through the library's shared page. Not root:
 * TCONF, there is nobody to drop to.
 */
#ifndef AS_NOBODY_H
#define AS_NOBODY_H

#include <stdlib.h>
#include <sys/wait.h>
#include "tst_test.h"

static inline void run_in_nobody_child(void (*fn)(void),
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
		tst_drop_privs();
		fn();
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (WIFSIGNALED(status))
		tst_res(TBROK, "child running as nobody killed by %s",
			tst_strsig(WTERMSIG(status)));
	else if (WEXITSTATUS(status) & ~(TFAIL | TBROK | TWARN | TCONF))
		tst_res(TBROK, "child running as nobody exited with %d",
			WEXITSTATUS(status));
}

#endif /* AS_NOBODY_H */
