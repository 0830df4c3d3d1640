// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kcmp(2) says whether two processes share a kernel object: 0 when they
 * do, 1 or 2 when they do not, an order that is reversed when the two
 * arguments are swapped.
 * - KCMP_FILE: a dup() of a descriptor is the same open file description,
 *   a second open() of the same file is another one; a forked child
 *   shares the descriptions it inherited, not one the parent opened later;
 * - KCMP_VM: a forked child has a memory map of its own, a child made
 *   with clone(CLONE_VM) shares the caller's; a process shares its own;
 * - KCMP_FILES: fork() copies the descriptor table, CLONE_FILES shares it.
 */
#include <sched.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <linux/kcmp.h>
#include "tst_test.h"

#define FNAME "kcmp01_file"
#define STACK_SIZE (256 * 1024)

static int fd = -1, fd_dup = -1, fd_reopen = -1;
static char *stack;

static long sys_kcmp(pid_t p1, pid_t p2, int type, unsigned long i1,
		     unsigned long i2)
{
	return tst_syscall(__NR_kcmp, p1, p2, type, i1, i2);
}

/* Not the same object: 1 or 2, and the other of the two when swapped. */
static void check_differ(pid_t p1, pid_t p2, int type, unsigned long i1,
			 unsigned long i2, const char *what)
{
	long r, rev;

	r = sys_kcmp(p1, p2, type, i1, i2);
	rev = sys_kcmp(p2, p1, type, i2, i1);
	TST_EXP_EXPR((r == 1 && rev == 2) || (r == 2 && rev == 1),
		     "%s: kcmp() = %ld, swapped %ld (expected 1 and 2)", what,
		     r, rev);
}

static void check_same(pid_t p1, pid_t p2, int type, unsigned long i1,
		       unsigned long i2, const char *what)
{
	TST_EXP_VAL(sys_kcmp(p1, p2, type, i1, i2), 0, "%s", what);
}

static int clone_child(void *arg)
{
	(void)arg;
	TST_CHECKPOINT_WAIT(0);
	return 0;
}

static void check_clone(int flags, const char *name)
{
	pid_t pid, me = getpid();

	pid = clone(clone_child, stack + STACK_SIZE, flags | SIGCHLD, NULL);
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone(%s)", name);
	if (flags & CLONE_VM)
		check_same(me, pid, KCMP_VM, 0, 0, "KCMP_VM, CLONE_VM child");
	else
		check_differ(me, pid, KCMP_VM, 0, 0, "KCMP_VM, forked child");
	if (flags & CLONE_FILES)
		check_same(me, pid, KCMP_FILES, 0, 0,
			   "KCMP_FILES, CLONE_FILES child");
	else
		check_differ(me, pid, KCMP_FILES, 0, 0,
			     "KCMP_FILES, child without CLONE_FILES");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
}

static void run(void)
{
	pid_t me = getpid(), pid;

	check_same(me, me, KCMP_FILE, fd, fd, "KCMP_FILE, fd with itself");
	check_same(me, me, KCMP_FILE, fd, fd_dup, "KCMP_FILE, fd and its dup");
	check_differ(me, me, KCMP_FILE, fd, fd_reopen,
		     "KCMP_FILE, fd and a second open() of the file");
	check_same(me, me, KCMP_VM, 0, 0, "KCMP_VM, process with itself");

	pid = SAFE_FORK();
	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	check_same(me, pid, KCMP_FILE, fd, fd,
		   "KCMP_FILE, inherited fd in parent and child");
	check_same(me, pid, KCMP_FILE, fd_dup, fd,
		   "KCMP_FILE, dup in parent, fd in child");
	check_differ(me, pid, KCMP_FILE, fd_reopen, fd,
		     "KCMP_FILE, other description in parent and child");
	check_differ(me, pid, KCMP_VM, 0, 0,
		     "KCMP_VM, parent and forked child");
	TST_CHECKPOINT_WAKE(0);
	tst_reap_children();

	check_clone(0, "0");
	check_clone(CLONE_VM, "CLONE_VM");
	check_clone(CLONE_VM | CLONE_FILES, "CLONE_VM | CLONE_FILES");
}

static void setup(void)
{
	fd = SAFE_OPEN(FNAME, O_CREAT | O_RDWR, 0600);
	fd_dup = dup(fd);
	if (fd_dup < 0)
		tst_brk(TBROK | TERRNO, "dup()");
	fd_reopen = SAFE_OPEN(FNAME, O_RDWR);
	stack = SAFE_MALLOC(STACK_SIZE);
	/* no CONFIG_KCMP: ENOSYS, TCONF */
	sys_kcmp(getpid(), getpid(), KCMP_VM, 0, 0);
}

static void cleanup(void)
{
	if (fd_reopen >= 0)
		SAFE_CLOSE(fd_reopen);
	if (fd_dup >= 0)
		SAFE_CLOSE(fd_dup);
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
