/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SAFE_ wrappers: call, and on failure report TBROK naming the caller's file
 * and line, the arguments and errno. They are for set-up steps, never for
 * the call under test: its failure is a TFAIL, not a broken test.
 */
#ifndef TST_SAFE_MACROS_H
#define TST_SAFE_MACROS_H

#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define SF_ __FILE__, __LINE__

int safe_open(const char *file, int line, const char *path, int flags, ...);
#define SAFE_OPEN(path, flags, ...) \
	safe_open(SF_, (path), (flags), ##__VA_ARGS__)

int safe_close(const char *file, int line, int fd);
#define SAFE_CLOSE(fd) do { safe_close(SF_, (fd)); (fd) = -1; } while (0)

/* len_strict: a short read/write is TBROK too */
ssize_t safe_read(const char *file, int line, int len_strict, int fd,
		  void *buf, size_t count);
#define SAFE_READ(len_strict, fd, buf, count) \
	safe_read(SF_, (len_strict), (fd), (buf), (count))
ssize_t safe_write(const char *file, int line, int len_strict, int fd,
		   const void *buf, size_t count);
#define SAFE_WRITE(len_strict, fd, buf, count) \
	safe_write(SF_, (len_strict), (fd), (buf), (count))
ssize_t safe_pread(const char *file, int line, int len_strict, int fd,
		   void *buf, size_t count, off_t off);
#define SAFE_PREAD(len_strict, fd, buf, count, off) \
	safe_pread(SF_, (len_strict), (fd), (buf), (count), (off))
ssize_t safe_pwrite(const char *file, int line, int len_strict, int fd,
		    const void *buf, size_t count, off_t off);
#define SAFE_PWRITE(len_strict, fd, buf, count, off) \
	safe_pwrite(SF_, (len_strict), (fd), (buf), (count), (off))

off_t safe_lseek(const char *file, int line, int fd, off_t off, int whence);
#define SAFE_LSEEK(fd, off, whence) safe_lseek(SF_, (fd), (off), (whence))

void safe_ftruncate(const char *file, int line, int fd, off_t len);
#define SAFE_FTRUNCATE(fd, len) safe_ftruncate(SF_, (fd), (len))
void safe_truncate(const char *file, int line, const char *path, off_t len);
#define SAFE_TRUNCATE(path, len) safe_truncate(SF_, (path), (len))
void safe_fsync(const char *file, int line, int fd);
#define SAFE_FSYNC(fd) safe_fsync(SF_, (fd))

void safe_unlink(const char *file, int line, const char *path);
#define SAFE_UNLINK(path) safe_unlink(SF_, (path))
void safe_mkdir(const char *file, int line, const char *path, mode_t mode);
#define SAFE_MKDIR(path, mode) safe_mkdir(SF_, (path), (mode))
void safe_rmdir(const char *file, int line, const char *path);
#define SAFE_RMDIR(path) safe_rmdir(SF_, (path))
void safe_stat(const char *file, int line, const char *path, struct stat *st);
#define SAFE_STAT(path, st) safe_stat(SF_, (path), (st))
void safe_fstat(const char *file, int line, int fd, struct stat *st);
#define SAFE_FSTAT(fd, st) safe_fstat(SF_, (fd), (st))
void safe_chmod(const char *file, int line, const char *path, mode_t mode);
#define SAFE_CHMOD(path, mode) safe_chmod(SF_, (path), (mode))
void safe_chown(const char *file, int line, const char *path, uid_t uid,
		gid_t gid);
#define SAFE_CHOWN(path, uid, gid) safe_chown(SF_, (path), (uid), (gid))

void *safe_mmap(const char *file, int line, void *addr, size_t len, int prot,
		int flags, int fd, off_t off);
#define SAFE_MMAP(addr, len, prot, flags, fd, off) \
	safe_mmap(SF_, (addr), (len), (prot), (flags), (fd), (off))
void safe_munmap(const char *file, int line, void *addr, size_t len);
#define SAFE_MUNMAP(addr, len) safe_munmap(SF_, (addr), (len))
void safe_mprotect(const char *file, int line, void *addr, size_t len,
		   int prot);
#define SAFE_MPROTECT(addr, len, prot) safe_mprotect(SF_, (addr), (len), (prot))
void safe_msync(const char *file, int line, void *addr, size_t len, int flags);
#define SAFE_MSYNC(addr, len, flags) safe_msync(SF_, (addr), (len), (flags))

void *safe_malloc(const char *file, int line, size_t size);
#define SAFE_MALLOC(size) safe_malloc(SF_, (size))

void safe_pipe(const char *file, int line, int fds[2]);
#define SAFE_PIPE(fds) safe_pipe(SF_, (fds))
void safe_pipe2(const char *file, int line, int fds[2], int flags);
#define SAFE_PIPE2(fds, flags) safe_pipe2(SF_, (fds), (flags))
int safe_dup2(const char *file, int line, int oldfd, int newfd);
#define SAFE_DUP2(oldfd, newfd) safe_dup2(SF_, (oldfd), (newfd))

int safe_socket(const char *file, int line, int domain, int type, int proto);
#define SAFE_SOCKET(domain, type, proto) \
	safe_socket(SF_, (domain), (type), (proto))
void safe_socketpair(const char *file, int line, int domain, int type,
		     int proto, int sv[2]);
#define SAFE_SOCKETPAIR(domain, type, proto, sv) \
	safe_socketpair(SF_, (domain), (type), (proto), (sv))

pid_t safe_waitpid(const char *file, int line, pid_t pid, int *status,
		   int opts);
#define SAFE_WAITPID(pid, status, opts) \
	safe_waitpid(SF_, (pid), (status), (opts))
void safe_kill(const char *file, int line, pid_t pid, int sig);
#define SAFE_KILL(pid, sig) safe_kill(SF_, (pid), (sig))

void safe_setuid(const char *file, int line, uid_t uid);
#define SAFE_SETUID(uid) safe_setuid(SF_, (uid))
void safe_setgid(const char *file, int line, gid_t gid);
#define SAFE_SETGID(gid) safe_setgid(SF_, (gid))
void safe_seteuid(const char *file, int line, uid_t uid);
#define SAFE_SETEUID(uid) safe_seteuid(SF_, (uid))

void safe_mount(const char *file, int line, const char *src,
		const char *target, const char *fstype, unsigned long flags,
		const void *data);
#define SAFE_MOUNT(src, target, fstype, flags, data) \
	safe_mount(SF_, (src), (target), (fstype), (flags), (data))
void safe_umount(const char *file, int line, const char *target);
#define SAFE_UMOUNT(target) safe_umount(SF_, (target))

/* Write a formatted string to a file (e.g. under /proc/sys). */
void safe_file_printf(const char *file, int line, const char *path,
		      const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
#define SAFE_FILE_PRINTF(path, fmt, ...) \
	safe_file_printf(SF_, (path), (fmt), ##__VA_ARGS__)
/* Parse a file with sscanf-like fmt; TBROK unless every item converts. */
void safe_file_scanf(const char *file, int line, const char *path,
		     const char *fmt, ...)
	__attribute__((format(scanf, 4, 5)));
#define SAFE_FILE_SCANF(path, fmt, ...) \
	safe_file_scanf(SF_, (path), (fmt), ##__VA_ARGS__)
/* Read one long from a file; 1 if path exists, 0 if it does not. */
int tst_file_read_long(const char *path, long *val);

#endif /* TST_SAFE_MACROS_H */
