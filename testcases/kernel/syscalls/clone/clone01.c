// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clone() shares exactly what its flags say, and copies the rest: with
 * CLONE_VM a store by the child is seen by the parent; with CLONE_FILES an
 * fd the child opens and one it closes are opened and closed in the
 * parent; with CLONE_FS the child's umask and chdir() change the parent's;
 * with CLONE_SIGHAND (and CLONE_VM) the child's sigaction() changes the
 * parent's handler. Without the flag, the parent sees none of it.
 */
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <limits.h>
#include <sys/stat.h>
#include "tst_test.h"

#define STACK_SIZE	(256 * 1024)

enum what { VM, FILES, FS, SIGHAND };

static const struct tcase {
	enum what what;
	int flags;
	int shared;
	const char *desc;
} tcases[] = {
	{VM, CLONE_VM, 1, "CLONE_VM: the child's store is the parent's"},
	{VM, 0, 0, "no CLONE_VM: the child stores into a copy"},
	{FILES, CLONE_FILES, 1, "CLONE_FILES: one fd table"},
	{FILES, 0, 0, "no CLONE_FILES: a copied fd table"},
	{FS, CLONE_FS, 1, "CLONE_FS: one umask and cwd"},
	{FS, 0, 0, "no CLONE_FS: a copied umask and cwd"},
	{SIGHAND, CLONE_SIGHAND | CLONE_VM, 1,
	 "CLONE_SIGHAND: one table of handlers"},
	{SIGHAND, CLONE_VM, 0, "no CLONE_SIGHAND: copied handlers"},
};

static char *stack;
static char tmp_path[PATH_MAX];
static volatile int stored;
static int parent_fd;

/*
 * The child's new fd gets a fixed number: without CLONE_VM the parent
 * could not learn a number the child picked.
 */
#define CHILD_FD	100

static void handler(int sig)
{
	(void)sig;
}

/* Runs in the child: change one thing the flags may share. */
static int child_fn(void *arg)
{
	const struct tcase *tc = arg;
	struct sigaction sa = {.sa_handler = handler};

	switch (tc->what) {
	case VM:
		stored = 42;
		break;
	case FILES:
		if (dup2(parent_fd, CHILD_FD) != CHILD_FD || close(parent_fd))
			return 1;
		break;
	case FS:
		umask(0077);
		if (chdir("subdir"))
			return 1;
		break;
	case SIGHAND:
		if (sigaction(SIGUSR1, &sa, NULL))
			return 1;
		break;
	}
	return 0;
}

static void check_vm(const struct tcase *tc)
{
	TST_EXP_EXPR(stored == (tc->shared ? 42 : 0),
		     "%s (parent sees %d)", tc->desc, stored);
}

static void check_files(const struct tcase *tc)
{
	int child_open = fcntl(CHILD_FD, F_GETFD) != -1;
	int parent_open = fcntl(parent_fd, F_GETFD) != -1;

	if (tc->shared)
		TST_EXP_EXPR(child_open && !parent_open,
			     "%s: child's new fd %s, closed fd %s in parent",
			     tc->desc, child_open ? "open" : "missing",
			     parent_open ? "still open" : "closed");
	else
		TST_EXP_EXPR(!child_open && parent_open,
			     "%s: child's new fd %s, closed fd %s in parent",
			     tc->desc, child_open ? "present" : "absent",
			     parent_open ? "still open" : "closed");
	if (child_open)
		close(CHILD_FD);
	if (parent_open)
		SAFE_CLOSE(parent_fd);
}

static void check_fs(const struct tcase *tc)
{
	char cwd[PATH_MAX];
	mode_t mask = umask(0022);
	int in_subdir;

	if (!getcwd(cwd, sizeof(cwd)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	in_subdir = !strcmp(strrchr(cwd, '/'), "/subdir");
	if (tc->shared)
		TST_EXP_EXPR(mask == 0077 && in_subdir,
			     "%s: parent umask 0%03o, cwd %s", tc->desc,
			     (unsigned int)mask, cwd);
	else
		TST_EXP_EXPR(mask == 0022 && !in_subdir,
			     "%s: parent umask 0%03o, cwd %s", tc->desc,
			     (unsigned int)mask, cwd);
	if (chdir(tmp_path))
		tst_brk(TBROK | TERRNO, "chdir(%s)", tmp_path);
}

static void check_sighand(const struct tcase *tc)
{
	struct sigaction sa;

	if (sigaction(SIGUSR1, NULL, &sa))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1, NULL)");
	TST_EXP_EXPR((sa.sa_handler == handler) == tc->shared,
		     "%s: parent's SIGUSR1 handler %s", tc->desc,
		     sa.sa_handler == handler ? "changed" : "unchanged");
	signal(SIGUSR1, SIG_DFL);
}

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];
	int status;
	pid_t pid;

	stored = 0;
	umask(0022);
	parent_fd = SAFE_OPEN("/dev/null", O_RDONLY);

	pid = clone(child_fn, stack + STACK_SIZE, tc->flags | SIGCHLD,
		    (void *)tc);
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone(0x%x)", tc->flags);
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "clone child ended with status 0x%x", status);

	switch (tc->what) {
	case VM:
		check_vm(tc);
		break;
	case FILES:
		check_files(tc);
		return;
	case FS:
		check_fs(tc);
		break;
	case SIGHAND:
		check_sighand(tc);
		break;
	}
	SAFE_CLOSE(parent_fd);
}

static void setup(void)
{
	stack = SAFE_MALLOC(STACK_SIZE);
	if (!getcwd(tmp_path, sizeof(tmp_path)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	SAFE_MKDIR("subdir", 0755);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
