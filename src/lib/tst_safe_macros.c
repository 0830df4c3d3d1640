// SPDX-License-Identifier: GPL-2.0-or-later
/* SAFE_ wrappers: TBROK with the caller's file:line, arguments and errno. */
#include <grp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include "tst_test.h"

#define BRK(fmt, ...) tst_brk_(file, line, TBROK | TERRNO, fmt, ##__VA_ARGS__)

int safe_open(const char *file, int line, const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list va;
	int fd;

	va_start(va, flags);
	if (flags & (O_CREAT | __O_TMPFILE))
		mode = va_arg(va, int);
	va_end(va);
	fd = open(path, flags, mode);
	if (fd < 0)
		BRK("open(%s, 0x%x, 0%o)", path, flags, mode);
	return fd;
}

int safe_close(const char *file, int line, int fd)
{
	if (close(fd))
		BRK("close(%d)", fd);
	return 0;
}

static ssize_t check_len(const char *file, int line, const char *call,
			 ssize_t ret, size_t count, int len_strict)
{
	if (ret < 0)
		BRK("%s(count=%zu)", call, count);
	if (len_strict && (size_t)ret != count)
		tst_brk_(file, line, TBROK, "short %s: %zd of %zu bytes",
			 call, ret, count);
	return ret;
}

ssize_t safe_read(const char *file, int line, int len_strict, int fd,
		  void *buf, size_t count)
{
	return check_len(file, line, "read", read(fd, buf, count), count,
			 len_strict);
}

ssize_t safe_write(const char *file, int line, int len_strict, int fd,
		   const void *buf, size_t count)
{
	return check_len(file, line, "write", write(fd, buf, count), count,
			 len_strict);
}

ssize_t safe_pread(const char *file, int line, int len_strict, int fd,
		   void *buf, size_t count, off_t off)
{
	return check_len(file, line, "pread", pread(fd, buf, count, off),
			 count, len_strict);
}

ssize_t safe_pwrite(const char *file, int line, int len_strict, int fd,
		    const void *buf, size_t count, off_t off)
{
	return check_len(file, line, "pwrite", pwrite(fd, buf, count, off),
			 count, len_strict);
}

off_t safe_lseek(const char *file, int line, int fd, off_t off, int whence)
{
	off_t ret = lseek(fd, off, whence);

	if (ret < 0)
		BRK("lseek(%d, %lld, %d)", fd, (long long)off, whence);
	return ret;
}

void safe_ftruncate(const char *file, int line, int fd, off_t len)
{
	if (ftruncate(fd, len))
		BRK("ftruncate(%d, %lld)", fd, (long long)len);
}

void safe_truncate(const char *file, int line, const char *path, off_t len)
{
	if (truncate(path, len))
		BRK("truncate(%s, %lld)", path, (long long)len);
}

void safe_fsync(const char *file, int line, int fd)
{
	if (fsync(fd))
		BRK("fsync(%d)", fd);
}

void safe_unlink(const char *file, int line, const char *path)
{
	if (unlink(path))
		BRK("unlink(%s)", path);
}

void safe_mkdir(const char *file, int line, const char *path, mode_t mode)
{
	if (mkdir(path, mode))
		BRK("mkdir(%s, 0%o)", path, mode);
}

void safe_rmdir(const char *file, int line, const char *path)
{
	if (rmdir(path))
		BRK("rmdir(%s)", path);
}

void safe_stat(const char *file, int line, const char *path, struct stat *st)
{
	if (stat(path, st))
		BRK("stat(%s)", path);
}

void safe_fstat(const char *file, int line, int fd, struct stat *st)
{
	if (fstat(fd, st))
		BRK("fstat(%d)", fd);
}

void safe_chmod(const char *file, int line, const char *path, mode_t mode)
{
	if (chmod(path, mode))
		BRK("chmod(%s, 0%o)", path, mode);
}

void safe_chown(const char *file, int line, const char *path, uid_t uid,
		gid_t gid)
{
	if (chown(path, uid, gid))
		BRK("chown(%s, %d, %d)", path, (int)uid, (int)gid);
}

void *safe_mmap(const char *file, int line, void *addr, size_t len, int prot,
		int flags, int fd, off_t off)
{
	void *ret = mmap(addr, len, prot, flags, fd, off);

	if (ret == MAP_FAILED)
		BRK("mmap(%p, %zu, 0x%x, 0x%x, %d, %lld)", addr, len, prot,
		    flags, fd, (long long)off);
	return ret;
}

void safe_munmap(const char *file, int line, void *addr, size_t len)
{
	if (munmap(addr, len))
		BRK("munmap(%p, %zu)", addr, len);
}

void safe_mprotect(const char *file, int line, void *addr, size_t len,
		   int prot)
{
	if (mprotect(addr, len, prot))
		BRK("mprotect(%p, %zu, 0x%x)", addr, len, prot);
}

void safe_msync(const char *file, int line, void *addr, size_t len, int flags)
{
	if (msync(addr, len, flags))
		BRK("msync(%p, %zu, 0x%x)", addr, len, flags);
}

void *safe_malloc(const char *file, int line, size_t size)
{
	void *ret = malloc(size);

	if (!ret)
		BRK("malloc(%zu)", size);
	return ret;
}

void safe_pipe(const char *file, int line, int fds[2])
{
	if (pipe(fds))
		BRK("pipe()");
}

void safe_pipe2(const char *file, int line, int fds[2], int flags)
{
	if (pipe2(fds, flags))
		BRK("pipe2(0x%x)", flags);
}

int safe_dup2(const char *file, int line, int oldfd, int newfd)
{
	int ret = dup2(oldfd, newfd);

	if (ret < 0)
		BRK("dup2(%d, %d)", oldfd, newfd);
	return ret;
}

int safe_socket(const char *file, int line, int domain, int type, int proto)
{
	int fd = socket(domain, type, proto);

	if (fd < 0)
		BRK("socket(%d, %d, %d)", domain, type, proto);
	return fd;
}

void safe_socketpair(const char *file, int line, int domain, int type,
		     int proto, int sv[2])
{
	if (socketpair(domain, type, proto, sv))
		BRK("socketpair(%d, %d, %d)", domain, type, proto);
}

pid_t safe_waitpid(const char *file, int line, pid_t pid, int *status,
		   int opts)
{
	pid_t ret;

	do {
		ret = waitpid(pid, status, opts);
	} while (ret < 0 && errno == EINTR);
	if (ret < 0)
		BRK("waitpid(%d, 0x%x)", pid, opts);
	return ret;
}

void safe_kill(const char *file, int line, pid_t pid, int sig)
{
	if (kill(pid, sig))
		BRK("kill(%d, %s)", pid, tst_strsig(sig));
}

void safe_setuid(const char *file, int line, uid_t uid)
{
	if (setuid(uid))
		BRK("setuid(%d)", (int)uid);
}

void safe_setgid(const char *file, int line, gid_t gid)
{
	if (setgid(gid))
		BRK("setgid(%d)", (int)gid);
}

void safe_seteuid(const char *file, int line, uid_t uid)
{
	if (seteuid(uid))
		BRK("seteuid(%d)", (int)uid);
}

void safe_mount(const char *file, int line, const char *src,
		const char *target, const char *fstype, unsigned long flags,
		const void *data)
{
	if (mount(src, target, fstype, flags, data))
		BRK("mount(%s, %s, %s, 0x%lx)", src, target,
		    fstype ? fstype : "NULL", flags);
}

void safe_umount(const char *file, int line, const char *target)
{
	int i;

	/* A just-closed file or a udev probe can keep the fs busy briefly. */
	for (i = 0; i < 50; i++) {
		if (!umount(target))
			return;
		if (errno != EBUSY)
			break;
		usleep(100000);
	}
	BRK("umount(%s)", target);
}

void safe_file_printf(const char *file, int line, const char *path,
		      const char *fmt, ...)
{
	va_list va;
	FILE *f = fopen(path, "w");

	if (!f)
		BRK("fopen(%s, w)", path);
	va_start(va, fmt);
	vfprintf(f, fmt, va);
	va_end(va);
	if (fclose(f))
		BRK("write to %s", path);
}

void safe_file_scanf(const char *file, int line, const char *path,
		     const char *fmt, ...)
{
	va_list va;
	int want = 0, got;
	const char *p;
	FILE *f = fopen(path, "r");

	if (!f)
		BRK("fopen(%s, r)", path);
	for (p = fmt; *p; p++) {
		if (p[0] == '%' && p[1] != '%' && p[1] != '*')
			want++;
		else if (p[0] == '%')
			p++;
	}
	va_start(va, fmt);
	got = vfscanf(f, fmt, va);
	va_end(va);
	fclose(f);
	if (got != want)
		tst_brk_(file, line, TBROK, "%s: parsed %d of %d items with "
			 "'%s'", path, got, want, fmt);
}

int tst_file_read_long(const char *path, long *val)
{
	FILE *f = fopen(path, "r");
	int ret;

	if (!f)
		return 0;
	ret = fscanf(f, "%ld", val);
	fclose(f);
	if (ret != 1)
		tst_brk(TBROK, "%s: no number in it", path);
	return 1;
}
