// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pidfd_getfd() duplicates an fd of another process into the caller: the
 * new fd refers to the same open file description (a seek through one is
 * seen through the other, the status flags are shared) and is
 * close-on-exec. A process may take its own fds as well.
 */
#include <stdlib.h>
#include "pidfd_raw.h"
#include "task_wait.h"

static int *child_fd;	/* shared: the fd number the child opened */

static void test_child(void)
{
	pid_t pid;
	int pidfd, fd, flags;

	pid = SAFE_FORK();
	if (!pid) {
		*child_fd = SAFE_OPEN("data", O_RDWR | O_APPEND);
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		TST_EXP_EQ_LI(SAFE_LSEEK(*child_fd, 0, SEEK_CUR), 3);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	pidfd = safe_pidfd_open(pid);
	TST_EXP_FD(pidfd_getfd_raw(pidfd, *child_fd, 0),
		   "pidfd_getfd(child, fd %d)", *child_fd);
	fd = TST_RET;
	if (fd >= 0) {
		flags = fcntl(fd, F_GETFD);
		TST_EXP_EXPR(flags >= 0 && (flags & FD_CLOEXEC),
			     "the new fd is close-on-exec");
		TST_EXP_EXPR(fcntl(fd, F_GETFL) & O_APPEND,
			     "it has the child's O_APPEND");
		SAFE_LSEEK(fd, 3, SEEK_SET);
		SAFE_CLOSE(fd);
	}
	/* the child checks that it sees our seek to 3 */
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	SAFE_CLOSE(pidfd);
}

static void test_self(void)
{
	int pidfd = safe_pidfd_open(getpid());
	int fd = SAFE_OPEN("data", O_RDONLY), dup_fd;

	TST_EXP_FD(pidfd_getfd_raw(pidfd, fd, 0), "pidfd_getfd(self, %d)", fd);
	dup_fd = TST_RET;
	if (dup_fd >= 0) {
		SAFE_LSEEK(fd, 5, SEEK_SET);
		TST_EXP_EQ_LI(SAFE_LSEEK(dup_fd, 0, SEEK_CUR), 5);
		SAFE_CLOSE(dup_fd);
	}
	SAFE_CLOSE(fd);
	SAFE_CLOSE(pidfd);
}

static void run(unsigned int n)
{
	if (n)
		test_self();
	else
		test_child();
}

static void setup(void)
{
	int fd = SAFE_OPEN("data", O_WRONLY | O_CREAT, 0644);

	SAFE_WRITE(1, fd, "0123456789", 10);
	SAFE_CLOSE(fd);
	child_fd = SAFE_MMAP(NULL, getpagesize(), PROT_READ | PROT_WRITE,
			     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	/* probe: TCONF here without pidfd_getfd() (Linux 5.6) */
	pidfd_getfd_raw(-1, 0, 0);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
