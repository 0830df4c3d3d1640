// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pidfd_open() returns a close-on-exec fd for a process (the caller too)
 * whose fdinfo names its pid. The fd polls readable once the process has
 * exited (a zombie, not yet reaped), not before; a zombie can still be
 * opened. With PIDFD_NONBLOCK the fd is O_NONBLOCK, and waitid(P_PIDFD)
 * on it fails with EAGAIN while the child runs.
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include "pidfd_raw.h"
#include "task_wait.h"
#include "fd_checks.h"

static long fdinfo_pid(int fd)
{
	long pid = 0;

	fdinfo_scan(fd, "Pid: %ld", &pid);
	return pid;
}

static int readable(int fd, int msec)
{
	struct pollfd pfd = {.fd = fd, .events = POLLIN};

	return poll(&pfd, 1, msec) == 1 && (pfd.revents & POLLIN);
}

static void test_self(void)
{
	int fd, flags;

	TST_EXP_FD(pidfd_open_raw(getpid(), 0), "pidfd_open(self)");
	fd = TST_RET;
	if (fd < 0)
		return;
	flags = fcntl(fd, F_GETFD);
	TST_EXP_EXPR(flags >= 0 && (flags & FD_CLOEXEC),
		     "the pidfd is close-on-exec");
	TST_EXP_EQ_LI(fdinfo_pid(fd), getpid());
	TST_EXP_EXPR(!readable(fd, 0), "a running process's pidfd does not "
		     "poll readable");
	SAFE_CLOSE(fd);
}

static void test_exit(void)
{
	pid_t pid = SAFE_FORK();
	int fd, zfd;

	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	fd = safe_pidfd_open(pid);
	TST_EXP_EXPR(!readable(fd, 0), "not readable while the child runs");
	TST_CHECKPOINT_WAKE(0);
	TST_EXP_EXPR(readable(fd, 10000 * tst_timeout_mul()),
		     "readable once the child exited");
	TST_EXP_FD(pidfd_open_raw(pid, 0), "pidfd_open() of the zombie");
	zfd = TST_RET;
	if (zfd >= 0) {
		TST_EXP_EXPR(readable(zfd, 0), "the zombie's new pidfd is "
			     "readable at once");
		SAFE_CLOSE(zfd);
	}
	reap_child(pid);
	SAFE_CLOSE(fd);
}

static void test_nonblock(void)
{
	pid_t pid = SAFE_FORK();
	siginfo_t si;
	int fd;

	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	TST_EXP_FD(pidfd_open_raw(pid, PIDFD_NONBLOCK),
		   "pidfd_open(PIDFD_NONBLOCK)");
	fd = TST_RET;
	if (fd >= 0) {
		TST_EXP_EXPR(fcntl(fd, F_GETFL) & O_NONBLOCK,
			     "the pidfd is O_NONBLOCK");
		TST_EXP_FAIL(waitid(P_PIDFD, fd, &si, WEXITED), EAGAIN,
			     "waitid(P_PIDFD) on it while the child runs");
	}
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_self();
		break;
	case 1:
		test_exit();
		break;
	case 2:
		test_nonblock();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
