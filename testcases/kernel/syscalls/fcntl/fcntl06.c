// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(2) open file description locks (F_OFD_SETLK, F_OFD_SETLKW,
 * F_OFD_GETLK) belong to the open file description:
 * - two open()s of the file in one process conflict: F_OFD_SETLK fails
 *   with EAGAIN, F_OFD_GETLK reports the lock with l_pid -1;
 * - a dup of the locking fd, and the same fd in a forked child, share the
 *   lock: no conflict there;
 * - closing a dup leaves the lock; closing the last fd of the
 *   description releases it;
 * - OFD and POSIX locks conflict with each other, also in one process;
 * - l_pid other than 0 is EINVAL.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fcntl_lock.h"

#define FNAME "fcntl06_file"

static void run(void)
{
	int a = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	int b = SAFE_OPEN(FNAME, O_RDWR);
	int a2 = SAFE_OPEN("/dev/null", O_RDONLY);
	struct flock fl = { .l_type = F_RDLCK, .l_whence = SEEK_SET,
			    .l_start = 0, .l_len = 1, .l_pid = 1 };
	pid_t pid;

	TST_EXP_PASS(lock_op(a, F_OFD_SETLK, F_WRLCK, 0, 10),
		     "F_OFD_SETLK F_WRLCK through fd a");
	TST_EXP_FAIL(lock_op(b, F_OFD_SETLK, F_RDLCK, 5, 1), EAGAIN,
		     "F_OFD_SETLK through another open() of the file");
	check_getlk(b, F_OFD_GETLK, F_RDLCK, 5, 1, F_WRLCK, 0, 10, -1);
	check_getlk(a, F_OFD_GETLK, F_WRLCK, 0, 10, F_UNLCK, 0, 0, 0);
	TST_EXP_FAIL(lock_op(b, F_SETLK, F_RDLCK, 5, 1), EAGAIN,
		     "POSIX F_SETLK of the same process on the OFD lock");

	SAFE_DUP2(a, a2);
	TST_EXP_PASS(lock_op(a2, F_OFD_SETLK, F_WRLCK, 0, 10),
		     "F_OFD_SETLK through a dup of fd a");
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_PASS(lock_op(a, F_OFD_SETLK, F_RDLCK, 0, 10),
			     "F_OFD_SETLK in a child through inherited fd a");
		exit(0);
	}
	reap_child(pid);
	/* The child converted the shared lock to a read lock. */
	TST_EXP_PASS(lock_op(b, F_OFD_SETLK, F_RDLCK, 0, 10),
		     "F_OFD_SETLK F_RDLCK through fd b after that");
	SAFE_LOCK(b, F_OFD_SETLK, F_UNLCK, 0, 0);
	SAFE_LOCK(a, F_OFD_SETLK, F_WRLCK, 0, 10);

	SAFE_CLOSE(a2);
	TST_EXP_FAIL(lock_op(b, F_OFD_SETLK, F_WRLCK, 0, 1), EAGAIN,
		     "F_OFD_SETLK after closing the dup");
	SAFE_CLOSE(a);
	TST_EXP_PASS(lock_op(b, F_OFD_SETLK, F_WRLCK, 0, 1),
		     "F_OFD_SETLK after closing the last fd of the lock");

	TST_EXP_FAIL(fcntl(b, F_OFD_SETLK, &fl), EINVAL,
		     "F_OFD_SETLK with l_pid 1");
	TST_EXP_FAIL(fcntl(b, F_OFD_GETLK, &fl), EINVAL,
		     "F_OFD_GETLK with l_pid 1");
	SAFE_CLOSE(b);
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
