// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execveat() runs a program named by a directory fd and a relative path,
 * by an fd of the program itself with an empty path and AT_EMPTY_PATH
 * (an O_PATH fd as well as a readable one), by AT_FDCWD and a relative
 * path, and by an absolute path whatever dirfd is. The program sees
 * AT_EXECFN "/dev/fd/<dirfd>/<path>" or "/dev/fd/<fd>" when it was named
 * through an fd, otherwise the path as given.
 */
#include <libgen.h>
#include "exec_child_run.h"

#define LINK	"child_link"

enum how { DIRFD_RELATIVE, OPATH_EMPTY, RDONLY_EMPTY, FDCWD_RELATIVE,
	   ABSOLUTE_BAD_DIRFD };

static const struct tcase {
	enum how how;
	const char *what;
} tcases[] = {
	{DIRFD_RELATIVE, "a directory fd and a relative path"},
	{OPATH_EMPTY, "an O_PATH fd, \"\" and AT_EMPTY_PATH"},
	{RDONLY_EMPTY, "an O_RDONLY fd, \"\" and AT_EMPTY_PATH"},
	{FDCWD_RELATIVE, "AT_FDCWD and a relative symlink"},
	{ABSOLUTE_BAD_DIRFD, "an absolute path and a closed dirfd"},
};

static void exec_it(enum how how)
{
	char dir[PATH_MAX], execfn[PATH_MAX + 32];
	char *argv[] = {"x", "execfn", execfn, NULL};
	const char *path = exec_child_path(), *name = "";
	int fd = AT_FDCWD, flags = 0;

	strcpy(dir, path);
	switch (how) {
	case DIRFD_RELATIVE:
		fd = SAFE_OPEN(dirname(dir), O_RDONLY | O_DIRECTORY);
		name = EXEC_CHILD_NAME;
		snprintf(execfn, sizeof(execfn), "/dev/fd/%d/%s", fd, name);
		break;
	case OPATH_EMPTY:
	case RDONLY_EMPTY:
		fd = SAFE_OPEN(path, how == OPATH_EMPTY ? O_PATH : O_RDONLY);
		flags = AT_EMPTY_PATH;
		snprintf(execfn, sizeof(execfn), "/dev/fd/%d", fd);
		break;
	case FDCWD_RELATIVE:
		name = LINK;
		snprintf(execfn, sizeof(execfn), "%s", name);
		break;
	case ABSOLUTE_BAD_DIRFD:
		/* an absolute path ignores dirfd: a closed fd is no error */
		fd = 1000;
		name = path;
		snprintf(execfn, sizeof(execfn), "%s", name);
		break;
	}
	tst_syscall(__NR_execveat, fd, name, argv, (char *[]){NULL}, flags);
	tst_res(TFAIL | TERRNO, "execveat(%d, \"%s\", %s)", fd, name,
		flags ? "AT_EMPTY_PATH" : "0");
	_exit(EXEC_CHILD_NOT_RUN);
}

static void run(unsigned int n)
{
	char what[128];
	pid_t pid = SAFE_FORK();

	if (!pid)
		exec_it(tcases[n].how);
	snprintf(what, sizeof(what), "execveat() of %s runs the program, "
		 "AT_EXECFN as documented", tcases[n].what);
	exec_child_report(pid, what);
}

static void setup(void)
{
	const char *path = exec_child_path();

	if (symlink(path, LINK))
		tst_brk(TBROK | TERRNO, "symlink(%s, %s)", path, LINK);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
