/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Raw system calls for what glibc does not wrap (io_setup, sched_getattr,
 * ...). tst_syscall() turns ENOSYS into TCONF, so a kernel without the call
 * skips the test with the reason instead of failing it.
 */
#ifndef TST_KERNEL_H
#define TST_KERNEL_H

#include <unistd.h>
#include "lapi/syscalls.h"
#include "config.h"

#define tst_syscall(NR, ...) ({ \
	long tst_ret_; \
	errno = 0; \
	tst_ret_ = syscall(NR, ##__VA_ARGS__); \
	if (tst_ret_ == -1 && errno == ENOSYS) \
		tst_brk(TCONF, "syscall " #NR " not supported by the kernel"); \
	tst_ret_; \
})

#endif /* TST_KERNEL_H */
