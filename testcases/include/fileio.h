/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the file I/O and descriptor tests (open, read, write, lseek,
 * dup, pipe, fcntl, close, flock, fsync, ...): what the kernel shows about
 * a descriptor (fdinfo) and a page cache page (dirty or not), an address
 * that faults, checks run as an unprivileged user, and preadv2/pwritev2
 * as raw system calls.
 */
#ifndef FILEIO_H
#define FILEIO_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "lapi/uio.h"

/*
 * The "flags:" line of /proc/self/fdinfo/<fd>, in octal there: the open
 * file description's status flags with O_CLOEXEC added for a close-on-exec
 * descriptor. -1 when the fd is not open.
 */
static inline long fio_fdinfo_flags(int fd)
{
	char path[64], line[256];
	long flags = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "flags: %lo", &flags) == 1)
			break;
	}
	fclose(f);
	if (flags == -1)
		tst_brk(TBROK, "no flags: line in %s; is /proc mounted?", path);
	return flags;
}

/* 1 when fd is an open descriptor of this process. */
static inline int fio_fd_is_open(int fd)
{
	return fcntl(fd, F_GETFD) != -1 || errno != EBADF;
}

/*
 * A page mapped PROT_NONE: the kernel must answer EFAULT for a pointer
 * into it, and no later mapping can land there behind the test's back.
 */
static inline void *fio_bad_addr(void)
{
	return SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

/*
 * Run fn() in a child that dropped from root to nobody, on files root
 * made. The child's results count through the library's shared page.
 * Without root there is no other owner for the files: TCONF.
 */
static inline void fio_as_nobody(void (*fn)(void))
{
	run_in_nobody_child(fn, "the checks as another user than the "
			    "files' owner");
}

/* Set the soft RLIMIT_NOFILE, keeping the hard limit. */
static inline void fio_set_nofile(rlim_t soft)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl))
		tst_brk(TBROK | TERRNO, "getrlimit(RLIMIT_NOFILE)");
	rl.rlim_cur = soft;
	if (setrlimit(RLIMIT_NOFILE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE, %lu)",
			(unsigned long)soft);
}

/* Fill a buffer with a pattern that differs from offset to offset. */
static inline void fio_fill(unsigned char *buf, size_t len, unsigned int seed)
{
	size_t i;

	for (i = 0; i < len; i++)
		buf[i] = (unsigned char)((i + seed) * 31 + (i >> 8) + 1);
}

/*
 * Whether the page cache page holding the file's first byte is dirty
 * (written to, not yet written back): 1 or 0, -1 when this cannot be
 * known (no CAP_SYS_ADMIN for /proc/kpageflags and the PFNs in
 * /proc/self/pagemap, or the page is not in memory).
 */
static inline int fio_first_page_dirty(int fd)
{
	size_t page = getpagesize();
	unsigned long long entry, flags;
	volatile unsigned char *map;
	int pm, kf, ret = -1;

	map = SAFE_MMAP(NULL, page, PROT_READ, MAP_SHARED, fd, 0);
	(void)map[0];
	pm = open("/proc/self/pagemap", O_RDONLY);
	kf = open("/proc/kpageflags", O_RDONLY);
	if (pm >= 0 && kf >= 0 &&
	    pread(pm, &entry, 8, (unsigned long)map / page * 8) == 8 &&
	    (entry >> 63) && (entry & ((1ULL << 55) - 1)) &&
	    pread(kf, &flags, 8, (entry & ((1ULL << 55) - 1)) * 8) == 8)
		ret = (flags >> 4) & 1;	/* KPF_DIRTY */
	if (pm >= 0)
		close(pm);
	if (kf >= 0)
		close(kf);
	SAFE_MUNMAP((void *)map, page);
	return ret;
}

/*
 * sync_fn(fd) must write back the dirty page it is given: the page holding
 * byte 0 of fd is dirtied, sync_fn() must return 0, and the page must then
 * be clean. TCONF where this cannot be seen: a memory filesystem (tmpfs,
 * ramfs) keeps its pages dirty for good, and without CAP_SYS_ADMIN the
 * page flags cannot be read.
 */
static inline void fio_check_writeback(int fd, int (*sync_fn)(int),
				       const char *desc)
{
	struct statfs sfs;
	int i, dirty = 0;

	if (fstatfs(fd, &sfs))
		tst_brk(TBROK | TERRNO, "fstatfs()");
	if (sfs.f_type == 0x01021994 || sfs.f_type == 0x858458f6) {
		tst_res(TCONF, "%s: the tmpdir is on a memory filesystem, "
			"nothing to write back to", desc);
		return;
	}
	/* Background writeback may clean the page first: dirty it again. */
	for (i = 0; i < 3 && dirty != 1; i++) {
		SAFE_PWRITE(1, fd, "dirty", 5, 0);
		dirty = fio_first_page_dirty(fd);
		if (dirty < 0) {
			tst_res(TCONF, "%s: page flags unreadable (needs "
				"CAP_SYS_ADMIN)", desc);
			return;
		}
	}
	if (!dirty) {
		tst_res(TCONF, "%s: the page was written back before the "
			"test could look, 3 times", desc);
		return;
	}
	TST_EXP_PASS(sync_fn(fd), "%s of a dirty page", desc);
	TST_EXP_EQ_LI(fio_first_page_dirty(fd), 0);
}

/*
 * preadv2(2)/pwritev2(2) as raw system calls, so that glibc cannot emulate
 * or reject anything: the offset goes in two halves, low then high, the
 * way the kernel's pos_from_hilo() takes it apart on every ABI.
 */
static inline long fio_preadv2(int fd, const struct iovec *iov, int cnt,
			       off_t off, int flags)
{
	unsigned long long pos = off;

	return tst_syscall(__NR_preadv2, fd, iov, cnt, (unsigned long)pos,
			   (unsigned long)(pos >> 32), flags);
}

static inline long fio_pwritev2(int fd, const struct iovec *iov, int cnt,
				off_t off, int flags)
{
	unsigned long long pos = off;

	return tst_syscall(__NR_pwritev2, fd, iov, cnt, (unsigned long)pos,
			   (unsigned long)(pos >> 32), flags);
}

#endif /* FILEIO_H */
