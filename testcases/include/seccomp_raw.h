/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Raw seccomp(2) and a one-syscall filter: the listed syscall (x86-64
 * ABI) gets the given action, every other call is allowed. A call from
 * another ABI is killed, so no 32-bit number can alias the one meant.
 */
#ifndef SECCOMP_RAW_H
#define SECCOMP_RAW_H

#include <stddef.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include "tst_test.h"

static inline long sys_seccomp(unsigned int op, unsigned int flags, void *args)
{
	return syscall(__NR_seccomp, op, flags, args);
}

/* Attach "nr -> action, else allow"; returns what seccomp() returns. */
static inline long seccomp_one(unsigned int nr, unsigned int action,
			       unsigned int flags)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, action),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = ARRAY_SIZE(f), .filter = f };

	return sys_seccomp(SECCOMP_SET_MODE_FILTER, flags, &prog);
}

/* As seccomp_one(), TBROK when it fails. */
static inline long seccomp_one_ok(unsigned int nr, unsigned int action,
				  unsigned int flags)
{
	long ret = seccomp_one(nr, action, flags);

	if (ret < 0)
		tst_brk(TBROK | TERRNO, "seccomp(SET_MODE_FILTER, %u -> 0x%x)",
			nr, action);
	return ret;
}

#endif
