// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * unshare() of what a clone() shares:
 *  - CLONE_FILES copies the shared descriptor table, and the copy must
 *    hold every open fd: with fd 65 open and fs.nr_open lowered to 64
 *    (saved and restored by the library) after the clone(CLONE_FILES),
 *    unshare(CLONE_FILES) is EMFILE and the table stays shared (an fd the
 *    child opens then is open in the parent); with nr_open back, it
 *    succeeds, the copy holds fd 65, and an fd the child opens after is
 *    not open in the parent;
 *  - CLONE_NEWNS implies CLONE_FS: a child of clone(CLONE_FS) shares the
 *    working directory and umask (its chdir() and umask() are seen by the
 *    parent), but after unshare(CLONE_NEWNS) they are its own.
 */
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "tst_test.h"

#define NR_OPEN "/proc/sys/fs/nr_open"
#define STACK_SIZE (256 * 1024)
#define HIGH_FD 65

static char *stack;
static long saved_nr_open;
/* fds the CLONE_VM child opened: in the shared table, in its own copy */
static volatile int shared_fd, own_fd;

static pid_t clone_child(int (*fn)(void *), int flags, void *arg)
{
	pid_t pid = clone(fn, stack + STACK_SIZE, flags | SIGCHLD, arg);

	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone(0x%x)", flags);
	return pid;
}

static void wait_clone(pid_t pid)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TFAIL, "the clone()d child ended with status 0x%x",
			status);
}

static int files_child(void *arg)
{
	(void)arg;
	SAFE_FILE_PRINTF(NR_OPEN, "64");
	TST_EXP_FAIL(unshare(CLONE_FILES), EMFILE,
		     "unshare(CLONE_FILES) with fd %d open, nr_open 64",
		     HIGH_FD);
	shared_fd = SAFE_OPEN("/dev/null", O_RDONLY);

	SAFE_FILE_PRINTF(NR_OPEN, "%ld", saved_nr_open);
	TST_EXP_PASS(unshare(CLONE_FILES), "unshare(CLONE_FILES), nr_open "
		     "%ld", saved_nr_open);
	TST_EXP_EXPR(fcntl(HIGH_FD, F_GETFD) >= 0, "fd %d is in the copy",
		     HIGH_FD);
	own_fd = SAFE_OPEN("/dev/null", O_RDONLY);
	return 0;
}

static void test_files(void)
{
	pid_t pid;

	SAFE_DUP2(2, HIGH_FD);
	shared_fd = own_fd = -1;
	pid = clone_child(files_child, CLONE_FILES | CLONE_VM, NULL);
	wait_clone(pid);
	TST_EXP_EXPR(shared_fd >= 0 && fcntl(shared_fd, F_GETFD) >= 0,
		     "fd %d the child opened after the EMFILE is open here: "
		     "the table stayed shared", shared_fd);
	TST_EXP_EXPR(own_fd >= 0 && fcntl(own_fd, F_GETFD) == -1 &&
		     errno == EBADF, "fd %d the child opened after the "
		     "unshare is not open here", own_fd);
	if (shared_fd >= 0)
		SAFE_CLOSE(shared_fd);
	close(HIGH_FD);
}

static int fs_child(void *arg)
{
	int unshare_ns = *(int *)arg;

	if (unshare_ns && unshare(CLONE_NEWNS))
		return 2;
	if (chdir("sub"))
		return 3;
	umask(0077);
	return 0;
}

static void test_fs(void)
{
	struct stat here, sub, now;
	int unshare_ns;
	mode_t old;
	pid_t pid;

	SAFE_STAT(".", &here);
	SAFE_STAT("sub", &sub);
	for (unshare_ns = 1; unshare_ns >= 0; unshare_ns--) {
		old = umask(0022);
		pid = clone_child(fs_child, CLONE_FS | CLONE_VM, &unshare_ns);
		wait_clone(pid);
		SAFE_STAT(".", &now);
		old = umask(0022);
		if (unshare_ns) {
			TST_EXP_EXPR(now.st_ino == here.st_ino && old == 0022,
				     "after unshare(CLONE_NEWNS) the child's "
				     "chdir() and umask() stay its own "
				     "(umask %03o)", (unsigned int)old);
		} else {
			TST_EXP_EXPR(now.st_ino == sub.st_ino && old == 0077,
				     "without it the child's chdir() and "
				     "umask() reach the parent (umask %03o)",
				     (unsigned int)old);
			if (chdir(".."))
				tst_brk(TBROK | TERRNO, "chdir(..)");
		}
	}
}

static void run(unsigned int n)
{
	if (n == 0)
		test_files();
	else
		test_fs();
}

static void setup(void)
{
	stack = SAFE_MMAP(NULL, STACK_SIZE, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	SAFE_FILE_SCANF(NR_OPEN, "%ld", &saved_nr_open);
	SAFE_MKDIR("sub", 0755);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ NR_OPEN, NULL, TST_SR_TCONF_MISSING },
		{ NULL, NULL, 0 }
	},
};
