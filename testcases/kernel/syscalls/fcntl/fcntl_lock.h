/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Record lock helpers of the fcntl tests. */
#ifndef FCNTL_LOCK_H
#define FCNTL_LOCK_H

#include <fcntl.h>
#include <stdlib.h>
#include "tst_test.h"

static inline const char *lock_type_name(int type)
{
	switch (type) {
	case F_RDLCK:
		return "F_RDLCK";
	case F_WRLCK:
		return "F_WRLCK";
	case F_UNLCK:
		return "F_UNLCK";
	}
	return "???";
}

/* fcntl(fd, cmd) on a struct flock for [start, start + len), SEEK_SET. */
static inline int lock_op(int fd, int cmd, int type, off_t start, off_t len)
{
	struct flock fl = {
		.l_type = type,
		.l_whence = SEEK_SET,
		.l_start = start,
		.l_len = len,
	};

	return fcntl(fd, cmd, &fl);
}

/* Set-up lock calls that must work. */
#define SAFE_LOCK(fd, cmd, type, start, len) do { \
	if (lock_op((fd), (cmd), (type), (start), (len))) \
		tst_brk(TBROK | TERRNO, "fcntl(%s, %s [%ld, +%ld])", \
			#cmd, lock_type_name(type), (long)(start), \
			(long)(len)); \
} while (0)

/*
 * F_GETLK (or F_OFD_GETLK) for type over [start, +len) must report
 * exp_type; when that is a lock, also its range and owner pid. Results
 * name the caller's line.
 */
#define check_getlk(...) check_getlk_(__FILE__, __LINE__, __VA_ARGS__)

static inline void check_getlk_(const char *file, int line, int fd, int cmd,
				int type, off_t start, off_t len, int exp_type,
				off_t exp_start, off_t exp_len, pid_t exp_pid)
{
	struct flock fl = {
		.l_type = type,
		.l_whence = SEEK_SET,
		.l_start = start,
		.l_len = len,
	};
	int ok;

	if (fcntl(fd, cmd, &fl)) {
		tst_res_(file, line, TFAIL | TERRNO, "GETLK %s [%ld, +%ld]",
			 lock_type_name(type), (long)start, (long)len);
		return;
	}
	if (exp_type == F_UNLCK) {
		ok = fl.l_type == F_UNLCK && fl.l_start == start &&
		     fl.l_len == len;
		tst_res_(file, line, ok ? TPASS : TFAIL,
			 "GETLK %s [%ld, +%ld]: %s (expected F_UNLCK, the "
			 "range unchanged)", lock_type_name(type),
			 (long)start, (long)len, lock_type_name(fl.l_type));
		return;
	}
	ok = fl.l_type == exp_type && fl.l_whence == SEEK_SET &&
	     fl.l_start == exp_start && fl.l_len == exp_len &&
	     fl.l_pid == exp_pid;
	tst_res_(file, line, ok ? TPASS : TFAIL,
		 "GETLK %s [%ld, +%ld]: %s [%ld, +%ld] pid %d (expected %s "
		 "[%ld, +%ld] pid %d)", lock_type_name(type), (long)start,
		 (long)len, lock_type_name(fl.l_type), (long)fl.l_start,
		 (long)fl.l_len, (int)fl.l_pid, lock_type_name(exp_type),
		 (long)exp_start, (long)exp_len, (int)exp_pid);
}

#endif /* FCNTL_LOCK_H */
