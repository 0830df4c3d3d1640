/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The x86-64 syscalls that glibc no longer makes for the functions named
 * after them: fork() is clone(), stat()/lstat()/fstat() are newfstatat(),
 * open() is openat(), pipe() is pipe2() and semop() is semtimedop(). The
 * old entry points are still in the syscall table and still used by
 * static binaries, other C libraries and old programs, so their tests
 * call them directly; a test of fork() that reaches clone() tests clone().
 */
#ifndef LEGACY_RAW_H
#define LEGACY_RAW_H

#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/stat.h>
#include "tst_test.h"

/* Flush stdio first, as the library's SAFE_FORK() does, so buffered
 * output is not written twice. The child must leave with exit()/_exit().
 */
static inline pid_t sys_fork(void)
{
	fflush(NULL);
	return tst_syscall(__NR_fork);
}

/* glibc's struct stat is the kernel's struct stat on x86-64. */
static inline int sys_stat(const char *path, struct stat *st)
{
	return tst_syscall(__NR_stat, path, st);
}

static inline int sys_lstat(const char *path, struct stat *st)
{
	return tst_syscall(__NR_lstat, path, st);
}

static inline int sys_fstat(int fd, struct stat *st)
{
	return tst_syscall(__NR_fstat, fd, st);
}

/* Like open(3): the mode is read only when the flags create a file. */
static inline int sys_open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;

	if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) {
		va_start(ap, flags);
		mode = va_arg(ap, int);
		va_end(ap);
	}
	return tst_syscall(__NR_open, path, flags, mode);
}

static inline int sys_pipe(int fds[2])
{
	return tst_syscall(__NR_pipe, fds);
}

static inline int sys_semop(int semid, struct sembuf *sops, size_t nsops)
{
	return tst_syscall(__NR_semop, semid, sops, nsops);
}

#endif
