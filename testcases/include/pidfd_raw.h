/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The pidfd system calls, raw: the test calls the kernel, not a libc
 * wrapper that may be missing. ENOSYS ends the test with TCONF.
 */
#ifndef PIDFD_RAW_H
#define PIDFD_RAW_H

#include <signal.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "lapi/pidfd.h"
#include "lapi/wait.h"

static inline int pidfd_open_raw(pid_t pid, unsigned int flags)
{
	return tst_syscall(__NR_pidfd_open, pid, flags);
}

static inline int pidfd_send_signal_raw(int pidfd, int sig, siginfo_t *info,
					unsigned int flags)
{
	return tst_syscall(__NR_pidfd_send_signal, pidfd, sig, info, flags);
}

static inline int pidfd_getfd_raw(int pidfd, int fd, unsigned int flags)
{
	return tst_syscall(__NR_pidfd_getfd, pidfd, fd, flags);
}

/* pidfd_open() that must work: set-up, not the call under test. */
static inline int safe_pidfd_open(pid_t pid)
{
	int fd = pidfd_open_raw(pid, 0);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "pidfd_open(%d)", (int)pid);
	return fd;
}

#endif /* PIDFD_RAW_H */
