// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A forked child gets a copy of the fd table whose entries refer to the
 * parent's open file descriptions: the file offset and the status flags
 * (O_NONBLOCK set with F_SETFL) are shared both ways, FD_CLOEXEC is copied
 * per fd, and closing an fd in the parent leaves the child's copy open.
 */
#include <stdlib.h>
#include "task_wait.h"
#include "legacy_raw.h"

static int fd = -1, cloexec_fd = -1;

static void child(void)
{
	char c;
	int flags;

	/* the parent read 3 bytes before the fork and 2 after */
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 5);
	SAFE_READ(1, fd, &c, 1);
	TST_EXP_EXPR(c == '5', "the child reads on at the shared offset "
		     "(got '%c')", c);
	flags = fcntl(cloexec_fd, F_GETFD);
	TST_EXP_EXPR(flags >= 0 && (flags & FD_CLOEXEC),
		     "FD_CLOEXEC copied to the child's fd");
	if (fcntl(fd, F_SETFL, O_NONBLOCK))
		tst_brk(TBROK | TERRNO, "fcntl(F_SETFL, O_NONBLOCK)");
	TST_CHECKPOINT_WAKE_AND_WAIT(1);
	/* the parent closed its fd meanwhile */
	TST_EXP_EXPR(fcntl(fd, F_GETFD) != -1, "the parent's close() left "
		     "the child's fd open");
	exit(0);
}

static void run(void)
{
	char buf[3];
	pid_t pid;

	fd = SAFE_OPEN("data", O_RDWR | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, fd, "0123456789", 10);
	SAFE_LSEEK(fd, 0, SEEK_SET);
	SAFE_READ(1, fd, buf, 3);
	cloexec_fd = SAFE_OPEN("data", O_RDONLY | O_CLOEXEC);

	pid = sys_fork();
	if (!pid)
		child();
	SAFE_READ(1, fd, buf, 2);
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 6);
	TST_EXP_EXPR(fcntl(fd, F_GETFL) & O_NONBLOCK, "O_NONBLOCK set by the "
		     "child is seen by the parent");
	SAFE_CLOSE(fd);
	SAFE_CLOSE(cloexec_fd);
	TST_CHECKPOINT_WAKE(1);
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
