/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The test side of execve_child: where the program is, and how its exit
 * code becomes a result.
 */
#ifndef EXEC_CHILD_RUN_H
#define EXEC_CHILD_RUN_H

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "exec_child.h"

/* A child whose execve() failed reported that itself and exits with this. */
#define EXEC_CHILD_NOT_RUN	5

/*
 * execve_child is installed next to every test binary, in the build
 * directory and in testcases/bin alike; look there, not in PATH.
 */
static inline const char *exec_child_path(void)
{
	static char path[PATH_MAX];
	char self[PATH_MAX - sizeof("/" EXEC_CHILD_NAME)];
	ssize_t len;

	if (path[0])
		return path;
	len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (len < 0)
		tst_brk(TBROK | TERRNO, "readlink(/proc/self/exe)");
	self[len] = 0;
	*strrchr(self, '/') = 0;
	snprintf(path, sizeof(path), "%s/" EXEC_CHILD_NAME, self);
	if (access(path, X_OK))
		tst_brk(TBROK | TERRNO, "helper %s is missing: it is built "
			"and installed with the tests, rebuild or reinstall",
			path);
	return path;
}

/* In a forked child: exec execve_child; a failure is reported here. */
static inline void exec_child(char *const argv[], char *const envp[])
{
	const char *path = exec_child_path();

	execve(path, argv, envp);
	tst_res(TFAIL | TERRNO, "execve(%s, \"%s\")", path, argv[1]);
	_exit(EXEC_CHILD_NOT_RUN);
}

/* Reap pid, which ran execve_child, and turn its exit code into a result. */
#define exec_child_report(pid, what) \
	exec_child_report_(__FILE__, __LINE__, (pid), (what))

static inline void exec_child_report_(const char *file, int line, pid_t pid,
				      const char *what)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	if (WIFEXITED(status)) {
		switch (WEXITSTATUS(status)) {
		case EXEC_CHILD_OK:
			tst_res_(file, line, TPASS, "%s", what);
			return;
		case EXEC_CHILD_MISMATCH:
			tst_res_(file, line, TFAIL, "%s: not so, see the "
				 "lines of " EXEC_CHILD_NAME " above", what);
			return;
		case EXEC_CHILD_NOT_RUN:
			return;
		}
		tst_res_(file, line, TFAIL, "%s: child exited with %d, "
			 "expected 0 from " EXEC_CHILD_NAME, what,
			 WEXITSTATUS(status));
		return;
	}
	tst_res_(file, line, TFAIL, "%s: child killed by %s", what,
		 tst_strsig(WTERMSIG(status)));
}

#endif /* EXEC_CHILD_RUN_H */
