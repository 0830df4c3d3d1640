// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a vfork() child inherits, read in the child (which shares the
 * parent's memory, so it stores what it saw for the parent to check):
 *  - the real, effective and saved uids and gids (the parent set them
 *    apart first with setresuid()/setresgid()), the umask (set to 027),
 *    the working directory (a subdirectory of the tmpdir: same device
 *    and inode) and the root directory (same device and inode as "/");
 *  - a signal pending in the parent (SIGUSR1, blocked, raised before the
 *    vfork()) is not pending in the child (sigpending() empty), while the
 *    blocked mask is inherited; after the child exits, it is still
 *    pending in the parent.
 * Everything runs in a forked child of the test, which changes its ids.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include "tst_test.h"

struct seen {
	uid_t r, e, s;
	gid_t gr, ge, gs;
	mode_t umask;
	struct stat cwd, root;
	int usr1_pending, usr1_blocked, ok;
};

static volatile struct seen seen;

static void child_look(void)
{
	struct seen *sp = (struct seen *)&seen;
	sigset_t set;
	mode_t m;

	getresuid(&sp->r, &sp->e, &sp->s);
	getresgid(&sp->gr, &sp->ge, &sp->gs);
	m = umask(0);
	umask(m);
	sp->umask = m;
	if (stat(".", &sp->cwd) || stat("/", &sp->root) || sigpending(&set))
		_exit(1);
	sp->usr1_pending = sigismember(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, NULL, &set);
	sp->usr1_blocked = sigismember(&set, SIGUSR1);
	sp->ok = 1;
	_exit(0);
}

static void in_child(void)
{
	struct stat cwd, root;
	sigset_t set;
	int status;
	pid_t pid;

	SAFE_MKDIR("sub", 0755);
	if (chdir("sub"))
		tst_brk(TBROK | TERRNO, "chdir(sub)");
	umask(027);
	if (setresgid(2001, 2002, 2003) || setresuid(1001, 1002, 1003))
		tst_brk(TBROK | TERRNO, "setresgid/setresuid");
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	raise(SIGUSR1);
	SAFE_STAT(".", &cwd);
	SAFE_STAT("/", &root);

	pid = vfork();
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "vfork()");
	if (!pid)
		child_look();
	SAFE_WAITPID(pid, &status, 0);
	if (!seen.ok || !WIFEXITED(status) || WEXITSTATUS(status)) {
		tst_res(TFAIL, "the vfork() child failed (status 0x%x)",
			status);
		return;
	}
	TST_EXP_EXPR(seen.r == 1001 && seen.e == 1002 && seen.s == 1003,
		     "child's uids %u %u %u (1001 1002 1003)", seen.r, seen.e,
		     seen.s);
	TST_EXP_EXPR(seen.gr == 2001 && seen.ge == 2002 && seen.gs == 2003,
		     "child's gids %u %u %u (2001 2002 2003)", seen.gr,
		     seen.ge, seen.gs);
	TST_EXP_EXPR(seen.umask == 027, "child's umask %03o (027)",
		     (unsigned int)seen.umask);
	TST_EXP_EXPR(seen.cwd.st_dev == cwd.st_dev &&
		     seen.cwd.st_ino == cwd.st_ino,
		     "child's working directory is the parent's");
	TST_EXP_EXPR(seen.root.st_dev == root.st_dev &&
		     seen.root.st_ino == root.st_ino,
		     "child's root directory is the parent's");
	TST_EXP_EXPR(!seen.usr1_pending, "SIGUSR1 pending in the parent is "
		     "not pending in the child");
	TST_EXP_EXPR(seen.usr1_blocked, "the child inherited the blocked "
		     "mask");
	sigpending(&set);
	TST_EXP_EXPR(sigismember(&set, SIGUSR1), "SIGUSR1 still pending in "
		     "the parent");
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		in_child();
		exit(0);
	}
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
