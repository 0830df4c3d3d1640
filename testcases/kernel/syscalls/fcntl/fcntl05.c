// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(2) POSIX locks belong to the process and the file, not to a
 * descriptor:
 * - closing any fd of the file, even one that never locked, releases all
 *   the process's locks on it;
 * - a child made by fork() does not inherit them: its F_SETLK conflicts
 *   with the parent's lock, its F_GETLK shows the parent as owner;
 * - adjacent locks of one type by one process merge into one lock, and a
 *   new lock of another type over part of a lock splits it.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fcntl_lock.h"

#define FNAME "fcntl05_file"

static int fd = -1;

/* In a child: the lock the parent's locks show as, over [start, +len). */
static void child_sees(int type, off_t start, off_t len, int exp_type,
		       off_t exp_start, off_t exp_len)
{
	pid_t parent = getpid();
	pid_t pid = SAFE_FORK();

	if (!pid) {
		check_getlk(fd, F_GETLK, type, start, len, exp_type, exp_start,
			    exp_len, parent);
		exit(0);
	}
	reap_child(pid);
}

static void test_close(void)
{
	int other = SAFE_OPEN(FNAME, O_RDONLY);

	SAFE_LOCK(fd, F_SETLK, F_WRLCK, 0, 100);
	child_sees(F_RDLCK, 0, 1, F_WRLCK, 0, 100);
	SAFE_CLOSE(other);
	tst_res(TINFO, "closed another fd of the file");
	child_sees(F_WRLCK, 0, 0, F_UNLCK, 0, 0);
}

static void test_not_inherited(void)
{
	pid_t pid;

	SAFE_LOCK(fd, F_SETLK, F_WRLCK, 0, 10);
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_FAIL(lock_op(fd, F_SETLK, F_WRLCK, 0, 10), EAGAIN,
			     "F_SETLK in the child on the parent's lock "
			     "through the inherited fd");
		check_getlk(fd, F_GETLK, F_WRLCK, 0, 10, F_WRLCK, 0, 10,
			    getppid());
		exit(0);
	}
	reap_child(pid);
	SAFE_LOCK(fd, F_SETLK, F_UNLCK, 0, 0);
}

static void test_merge_split(void)
{
	SAFE_LOCK(fd, F_SETLK, F_WRLCK, 0, 10);
	SAFE_LOCK(fd, F_SETLK, F_WRLCK, 10, 10);
	child_sees(F_RDLCK, 15, 1, F_WRLCK, 0, 20);

	SAFE_LOCK(fd, F_SETLK, F_RDLCK, 5, 10);
	child_sees(F_RDLCK, 0, 1, F_WRLCK, 0, 5);
	child_sees(F_WRLCK, 5, 1, F_RDLCK, 5, 10);
	child_sees(F_RDLCK, 5, 10, F_UNLCK, 0, 0);
	child_sees(F_RDLCK, 15, 1, F_WRLCK, 15, 5);
	SAFE_LOCK(fd, F_SETLK, F_UNLCK, 0, 0);
}

static void run(void)
{
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	test_close();
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(FNAME, O_RDWR);
	test_not_inherited();
	test_merge_split();
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
