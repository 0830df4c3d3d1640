// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(2) POSIX record locks between two processes, F_SETLK and F_GETLK:
 * - F_GETLK reports the other process's conflicting lock exactly (type,
 *   range, pid), F_UNLCK with the range untouched when nothing conflicts
 *   (an adjacent range, or only the caller's own locks);
 * - a write lock conflicts with read and write locks: F_SETLK fails with
 *   EAGAIN (POSIX also allows EACCES; Linux answers EAGAIN); read locks
 *   share;
 * - converting a write lock into a read lock lets others read-lock;
 * - unlocking the middle of a lock splits it into two locks;
 * - l_len 0 reaches to the end of the file and beyond, a negative l_len
 *   covers the bytes before l_start;
 * - a process's locks go when it exits.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fcntl_lock.h"

#define FNAME "fcntl03_file"
#define CHILD_READY 0
#define PARENT_DONE 1

static int fd = -1;

static void child(void)
{
	SAFE_LOCK(fd, F_SETLK, F_WRLCK, 0, 100);
	TST_CHECKPOINT_WAKE(CHILD_READY);
	TST_CHECKPOINT_WAIT(PARENT_DONE);

	/* The parent now holds a write lock on [100, +50). */
	check_getlk(fd, F_GETLK, F_RDLCK, 120, 1, F_WRLCK, 100, 50, getppid());
	SAFE_LOCK(fd, F_SETLK, F_RDLCK, 0, 100);
	TST_CHECKPOINT_WAKE(CHILD_READY);
	TST_CHECKPOINT_WAIT(PARENT_DONE);

	SAFE_LOCK(fd, F_SETLK, F_UNLCK, 40, 20);
	SAFE_LOCK(fd, F_SETLK, F_WRLCK, 1000, 0);
	SAFE_LOCK(fd, F_SETLK, F_WRLCK, 500, -100);
	TST_CHECKPOINT_WAKE(CHILD_READY);
	TST_CHECKPOINT_WAIT(PARENT_DONE);
	exit(0);
}

static void run(void)
{
	pid_t pid;

	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	pid = SAFE_FORK();
	if (!pid)
		child();

	TST_CHECKPOINT_WAIT(CHILD_READY);
	/* The child holds a write lock on [0, +100). */
	check_getlk(fd, F_GETLK, F_WRLCK, 50, 10, F_WRLCK, 0, 100, pid);
	check_getlk(fd, F_GETLK, F_RDLCK, 99, 1, F_WRLCK, 0, 100, pid);
	check_getlk(fd, F_GETLK, F_WRLCK, 100, 10, F_UNLCK, 0, 0, 0);
	TST_EXP_FAIL(lock_op(fd, F_SETLK, F_WRLCK, 50, 10), EAGAIN,
		     "F_SETLK F_WRLCK inside the other's write lock");
	TST_EXP_FAIL(lock_op(fd, F_SETLK, F_RDLCK, 99, 1), EAGAIN,
		     "F_SETLK F_RDLCK on its last byte");
	TST_EXP_PASS(lock_op(fd, F_SETLK, F_WRLCK, 100, 50),
		     "F_SETLK F_WRLCK on the adjacent range");
	check_getlk(fd, F_GETLK, F_WRLCK, 100, 50, F_UNLCK, 0, 0, 0);
	TST_CHECKPOINT_WAKE(PARENT_DONE);

	TST_CHECKPOINT_WAIT(CHILD_READY);
	/* The child converted its lock to a read lock. */
	TST_EXP_PASS(lock_op(fd, F_SETLK, F_RDLCK, 0, 10),
		     "F_SETLK F_RDLCK on the other's read lock");
	TST_EXP_FAIL(lock_op(fd, F_SETLK, F_WRLCK, 0, 10), EAGAIN,
		     "F_SETLK F_WRLCK on the other's read lock");
	check_getlk(fd, F_GETLK, F_WRLCK, 5, 1, F_RDLCK, 0, 100, pid);
	SAFE_LOCK(fd, F_SETLK, F_UNLCK, 0, 0);
	TST_CHECKPOINT_WAKE(PARENT_DONE);

	TST_CHECKPOINT_WAIT(CHILD_READY);
	/* [0, 40) and [60, 100) read, [400, 500) and [1000, EOF) write. */
	check_getlk(fd, F_GETLK, F_WRLCK, 40, 20, F_UNLCK, 0, 0, 0);
	check_getlk(fd, F_GETLK, F_WRLCK, 39, 1, F_RDLCK, 0, 40, pid);
	check_getlk(fd, F_GETLK, F_WRLCK, 60, 1, F_RDLCK, 60, 40, pid);
	check_getlk(fd, F_GETLK, F_RDLCK, 1 << 30, 1, F_WRLCK, 1000, 0, pid);
	check_getlk(fd, F_GETLK, F_RDLCK, 450, 1, F_WRLCK, 400, 100, pid);
	check_getlk(fd, F_GETLK, F_RDLCK, 500, 500, F_UNLCK, 0, 0, 0);
	TST_CHECKPOINT_WAKE(PARENT_DONE);

	reap_child(pid);
	TST_EXP_PASS(lock_op(fd, F_SETLK, F_WRLCK, 0, 0),
		     "F_SETLK F_WRLCK on the whole file after the child exited");
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
