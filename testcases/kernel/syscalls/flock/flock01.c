// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * flock(2) locks belong to the open file description:
 * - LOCK_SH through two open()s of the file: both granted;
 * - LOCK_EX | LOCK_NB against another description's lock: EWOULDBLOCK,
 *   for LOCK_SH against LOCK_EX too; LOCK_SH turns into LOCK_EX once the
 *   other unlocks; LOCK_UN through a description without a lock
 *   succeeds and leaves the other description's lock in place;
 * - a dup, and a forked child through the inherited fd, act on the same
 *   lock: no conflict, and their LOCK_UN releases it;
 * - closing a dup keeps the lock, closing the last fd releases it;
 * - flock() and fcntl() locks do not see each other;
 * - a blocking LOCK_EX sleeps until the holder unlocks, then is granted.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "task_wait.h"

#define FNAME "flock01_file"
#define CHILD_DONE 0

static void nb_conflict(int fd, int op, const char *desc)
{
	TST_EXP_FAIL(flock(fd, op | LOCK_NB), EWOULDBLOCK, "%s", desc);
}

static void test_modes(int a, int b)
{
	TST_EXP_PASS(flock(a, LOCK_SH), "LOCK_SH through a");
	TST_EXP_PASS(flock(b, LOCK_SH | LOCK_NB), "LOCK_SH through b");
	nb_conflict(a, LOCK_EX, "LOCK_EX | LOCK_NB through a, b shares");
	TST_EXP_PASS(flock(b, LOCK_UN), "LOCK_UN through b");
	TST_EXP_PASS(flock(a, LOCK_EX | LOCK_NB), "a turns LOCK_SH into LOCK_EX");
	nb_conflict(b, LOCK_SH, "LOCK_SH | LOCK_NB through b, a holds LOCK_EX");
	/* b has no lock: its LOCK_UN succeeds and releases nothing of a's */
	TST_EXP_PASS(flock(b, LOCK_UN), "LOCK_UN through b, which holds none");
	nb_conflict(b, LOCK_EX, "LOCK_EX | LOCK_NB through b after its "
		    "LOCK_UN: a's lock is still there");
}

static void test_sharing(int a, int b)
{
	int a2 = dup(a);
	pid_t pid;

	if (a2 < 0)
		tst_brk(TBROK | TERRNO, "dup()");
	TST_EXP_PASS(flock(a2, LOCK_EX | LOCK_NB), "LOCK_EX through a dup of a");
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_PASS(flock(a, LOCK_EX | LOCK_NB),
			     "LOCK_EX in a child through inherited fd a");
		TST_EXP_PASS(flock(a, LOCK_UN), "LOCK_UN in the child");
		exit(0);
	}
	reap_child(pid);
	TST_EXP_PASS(flock(b, LOCK_EX | LOCK_NB),
		     "LOCK_EX through b after the child's LOCK_UN");
	flock(b, LOCK_UN);

	if (flock(a, LOCK_EX | LOCK_NB))
		tst_brk(TBROK | TERRNO, "flock(a, LOCK_EX)");
	SAFE_CLOSE(a2);
	nb_conflict(b, LOCK_EX, "LOCK_EX | LOCK_NB through b after closing "
		    "the dup of a");
}

static void test_fcntl_independent(int fd)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_EXP_PASS(fcntl(fd, F_SETLK, &fl),
			     "F_SETLK F_WRLCK in a child while the parent "
			     "holds flock LOCK_EX");
		exit(0);
	}
	reap_child(pid);
}

static void test_blocking(int fd)
{
	int other = SAFE_OPEN(FNAME, O_RDONLY);
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_EXP_PASS(flock(other, LOCK_EX),
			     "blocking LOCK_EX in the child");
		TST_CHECKPOINT_WAKE(CHILD_DONE);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_flock);
	tst_res(TINFO, "the child sleeps in flock(); unlocking");
	if (flock(fd, LOCK_UN))
		tst_brk(TBROK | TERRNO, "flock(LOCK_UN)");
	TST_CHECKPOINT_WAIT(CHILD_DONE);
	reap_child(pid);
	SAFE_CLOSE(other);
	SAFE_CLOSE(fd);
}

static void run(void)
{
	int a = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0600);
	int b = SAFE_OPEN(FNAME, O_RDWR);

	test_modes(a, b);
	flock(a, LOCK_UN);
	test_sharing(a, b);
	test_fcntl_independent(b);
	SAFE_CLOSE(a);
	TST_EXP_PASS(flock(b, LOCK_EX | LOCK_NB),
		     "LOCK_EX through b after closing the last fd of a");
	test_blocking(b);
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
