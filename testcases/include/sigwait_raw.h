/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rt_sigtimedwait() called raw. glibc's sigtimedwait() and sigwaitinfo()
 * rewrite si_code SI_TKILL to SI_USER (raise() uses tgkill()), which would
 * hide the kernel's si_code from a test that checks it.
 */
#ifndef SIGWAIT_RAW_H
#define SIGWAIT_RAW_H

#include <signal.h>
#include <time.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "lapi/signal.h"

static inline int sigtimedwait_raw(const sigset_t *set, siginfo_t *si,
				   const struct timespec *ts)
{
	return syscall(SYS_rt_sigtimedwait, set, si, ts, KERNEL_SIGSET_SIZE);
}

#endif /* SIGWAIT_RAW_H */
