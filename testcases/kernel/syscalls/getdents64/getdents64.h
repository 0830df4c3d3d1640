/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * getdents64(2) called raw, with the record layout the kernel writes:
 * glibc has a wrapper only since 2.30 (and it would clash with this one's
 * name), and readdir() hides the records. dirent.h gives the DT_* values.
 */
#ifndef GETDENTS64_H
#define GETDENTS64_H

#include <dirent.h>
#include <stdint.h>
#include "tst_test.h"
#include "lapi/dirent.h"

static inline long raw_getdents64(int fd, void *buf, unsigned int count)
{
	return tst_syscall(__NR_getdents64, fd, buf, count);
}

#endif /* GETDENTS64_H */
