/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An entry of the auxiliary vector as the kernel gave it to this process
 * (/proc/self/auxv), to hold the C library's view against.
 */
#ifndef PROC_AUXV_H
#define PROC_AUXV_H

#include <elf.h>
#include <fcntl.h>
#include <unistd.h>
#include "tst_test.h"

/* The value of the entry of type @type (AT_PAGESZ, ...), 0 when none. */
static inline unsigned long proc_auxv(unsigned long type)
{
	Elf64_auxv_t a;
	unsigned long v = 0;
	int fd = SAFE_OPEN("/proc/self/auxv", O_RDONLY);

	while (read(fd, &a, sizeof(a)) == sizeof(a) && a.a_type != AT_NULL)
		if (a.a_type == type)
			v = a.a_un.a_val;
	SAFE_CLOSE(fd);
	return v;
}

#endif /* PROC_AUXV_H */
