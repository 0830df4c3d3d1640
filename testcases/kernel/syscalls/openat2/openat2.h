/* SPDX-License-Identifier: GPL-2.0-or-later */
/* openat2(2) through syscall(2): glibc has no wrapper. */
#ifndef OPENAT2_H
#define OPENAT2_H

#include "tst_test.h"
#include "lapi/openat2.h"

static inline int openat2(int dfd, const char *path, void *how, size_t size)
{
	return tst_syscall(__NR_openat2, dfd, path, how, size);
}

#endif /* OPENAT2_H */
