/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared body of the mmap_eof tests: what a MAP_SHARED mapping of a file
 * does with the part of its last page that lies beyond the end of the file.
 *
 * mmap(2): "the remaining bytes in the partial page at the end of the
 * mapping are zeroed when mapped, and modifications to that region are not
 * written out to the file". Writeback therefore has to zero the page tail
 * past i_size every time it writes that page (the data is mapped, the
 * application may have scribbled there), and it has to sample i_size only
 * after the page was write-protected, or it zeroes data that a racing
 * ftruncate() + store just made part of the file.
 *
 * Two checks, run on the filesystem mounted at a directory:
 *  - eof_tail_test(): the tail reads as zeros, stores there never reach the
 *    file (size, read() at EOF), and once the file grows the old tail reads
 *    as zeros: through read(), through a fresh mapping and, where the
 *    filesystem can be remounted, from the disk.
 *  - eof_grow_race_test(): the file grows by odd amounts and each new part
 *    is stored through the mapping while another process keeps writeback
 *    busy; no byte within i_size may be lost (it is, with the i_size
 *    sampling bug, as zeros).
 */
#ifndef MMAP_EOF_H
#define MMAP_EOF_H

#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mount.h>
#include "tst_test.h"

/* The filesystem can be unmounted and mounted again (tst_device). */
#define EOF_REMOUNT		0x1
/*
 * Stores past EOF may survive in the page cache until the file grows:
 * tmpfs has no writeback that would zero them, and mmap(2) leaves the
 * content of the grown part of a mapped page unspecified.
 */
#define EOF_TAIL_KEPT		0x2

/* A byte that is never 0, so a lost or zeroed byte shows. */
#define EOF_DATA(off)		((unsigned char)((off) * 31 % 251 + 1))
#define EOF_JUNK		0x5a
#define EOF_RACE_DATA(off, round) \
	((unsigned char)(((off) * 13 + (round) * 7) % 255 + 1))

#define EOF_RACE_PAGES		16
#define EOF_RACE_MAX_ROUNDS	300
#define EOF_RACE_BUDGET_MS	2000

static sigjmp_buf eof_sigbus_jmp;

static void eof_on_sigbus(int sig)
{
	(void)sig;
	siglongjmp(eof_sigbus_jmp, 1);
}

/* Unmount and mount the test device again: nothing stays cached. */
static void eof_remount(const char *mntpoint)
{
	SAFE_UMOUNT(mntpoint);
	SAFE_MOUNT(tst_device->dev, mntpoint, tst_device->fs_type, 0, NULL);
}

static long eof_ms_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - start->tv_sec) * 1000 +
	       (now.tv_nsec - start->tv_nsec) / 1000000;
}

/*
 * Compare got[from, to) with exp[from, to) (both indexed by file offset)
 * and report one result naming the first differing offset.
 */
static int eof_check(const char *what, const unsigned char *got,
		     const unsigned char *exp, size_t from, size_t to)
{
	size_t i, first = to, bad = 0;

	for (i = from; i < to; i++) {
		if (got[i] == exp[i])
			continue;
		if (!bad++)
			first = i;
	}
	if (!bad) {
		tst_res(TPASS, "%s: bytes %zu-%zu as expected", what, from,
			to - 1);
		return 1;
	}
	tst_res(TFAIL, "%s: %zu of the bytes %zu-%zu differ, first at offset "
		"%zu: expected 0x%02x, got 0x%02x", what, bad, from, to - 1,
		first, exp[first], got[first]);
	return 0;
}

/* read() the whole file and check it against exp[0, len). */
static void eof_check_read(const char *what, int fd, const unsigned char *exp,
			   size_t len, size_t kept_from, size_t kept_to)
{
	unsigned char *got = SAFE_MALLOC(len);
	ssize_t ret;

	ret = pread(fd, got, len, 0);
	if (ret != (ssize_t)len) {
		tst_res(TFAIL | TERRNO, "%s: pread() of %zu bytes returned %zd",
			what, len, ret);
		free(got);
		return;
	}
	if (kept_from < kept_to) {
		/* EOF_TAIL_KEPT: everything but the unspecified old tail */
		eof_check(what, got, exp, 0, kept_from);
		eof_check(what, got, exp, kept_to, len);
	} else {
		eof_check(what, got, exp, 0, len);
	}
	free(got);
}

static void eof_expect_sigbus(const char *what, volatile const char *addr)
{
	struct sigaction sa = { .sa_handler = eof_on_sigbus }, old;
	volatile char sink;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, &old);
	if (!sigsetjmp(eof_sigbus_jmp, 1)) {
		sink = *addr;
		(void)sink;
		tst_res(TFAIL, "%s: reading a page wholly past EOF did not "
			"raise SIGBUS", what);
	} else {
		tst_res(TPASS, "%s: reading a page wholly past EOF raised "
			"SIGBUS", what);
	}
	sigaction(SIGBUS, &old, NULL);
}

/*
 * A file of size bytes (not page aligned) in dir; mntpoint is what to
 * remount with EOF_REMOUNT.
 */
static void eof_tail_test(const char *dir, const char *mntpoint, size_t size,
			  unsigned int flags)
{
	size_t page = getpagesize();
	size_t map_len = (size + page - 1) / page * page;
	size_t grow_len = map_len + page;
	size_t kept_from = 0, kept_to = 0;
	unsigned char *exp = SAFE_MALLOC(grow_len), *got;
	unsigned char *map;
	char path[PATH_MAX];
	struct stat st;
	size_t i;
	int fd;

	if (size % page == 0)
		tst_brk(TBROK, "file size %zu is page aligned: no tail", size);
	tst_res(TINFO, "file of %zu bytes, %zu bytes of its last page lie "
		"past EOF", size, map_len - size);

	snprintf(path, sizeof(path), "%s/eof_tail", dir);
	for (i = 0; i < grow_len; i++)
		exp[i] = i < size ? EOF_DATA(i) : 0;
	fd = SAFE_OPEN(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, exp, size);
	SAFE_FSYNC(fd);
	if (flags & EOF_REMOUNT) {
		/* Map pages read from the disk, not those write() left. */
		SAFE_CLOSE(fd);
		eof_remount(mntpoint);
		fd = SAFE_OPEN(path, O_RDWR);
	}

	map = SAFE_MMAP(NULL, grow_len, PROT_READ | PROT_WRITE, MAP_SHARED,
			fd, 0);
	eof_check("new mapping", map, exp, 0, map_len);
	eof_expect_sigbus("new mapping", (char *)map + map_len);

	/* Scribble past EOF, and change the last byte of the file. */
	memset(map + size, EOF_JUNK, map_len - size);
	map[size - 1] = exp[size - 1] = ~exp[size - 1];
	TST_EXP_PASS(msync(map, map_len, MS_SYNC));
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, size);
	got = SAFE_MALLOC(grow_len);
	TST_EXP_VAL(pread(fd, got, page, size), 0,
		    "read() at EOF after stores past EOF");
	eof_check_read("file after msync()", fd, exp, size, 0, 0);

	/* Grow the file over the old tail and one more page. */
	SAFE_FTRUNCATE(fd, grow_len);
	if (flags & EOF_TAIL_KEPT) {
		kept_from = size;
		kept_to = map_len;
		SAFE_PREAD(1, fd, got, grow_len, 0);
		for (i = size; i < map_len && got[i] == exp[i]; i++)
			;
		tst_res(TINFO, "old tail after ftruncate() up: %s (mmap(2) "
			"leaves it unspecified on this filesystem, not "
			"checked)", i == map_len ? "zeros" :
			"stores past EOF kept");
	}
	eof_check_read("read() after ftruncate() up", fd, exp, grow_len,
		       kept_from, kept_to);
	SAFE_MUNMAP(map, grow_len);

	map = SAFE_MMAP(NULL, grow_len, PROT_READ, MAP_SHARED, fd, 0);
	if (kept_from < kept_to) {
		eof_check("fresh mapping after ftruncate() up", map, exp, 0,
			  kept_from);
		eof_check("fresh mapping after ftruncate() up", map, exp,
			  kept_to, grow_len);
	} else {
		eof_check("fresh mapping after ftruncate() up", map, exp, 0,
			  grow_len);
	}
	SAFE_MUNMAP(map, grow_len);

	/* What reached the disk: the page cache is dropped or bypassed. */
	SAFE_FSYNC(fd);
	if (flags & EOF_REMOUNT) {
		SAFE_CLOSE(fd);
		eof_remount(mntpoint);
		fd = SAFE_OPEN(path, O_RDWR);
		eof_check_read("read() after remount", fd, exp, grow_len,
			       kept_from, kept_to);
	} else {
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		eof_check_read("read() after fsync() and FADV_DONTNEED", fd,
			       exp, grow_len, kept_from, kept_to);
	}

	SAFE_CLOSE(fd);
	SAFE_UNLINK(path);
	free(got);
	free(exp);
}

/* The child: keep writeback of the file going until told to stop. */
static void eof_writeback_loop(const char *path, int *stop)
{
	int fd = SAFE_OPEN(path, O_RDWR);

	while (!__atomic_load_n(stop, __ATOMIC_ACQUIRE)) {
		if (sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE))
			tst_brk(TBROK | TERRNO, "sync_file_range()");
		if (fdatasync(fd))
			tst_brk(TBROK | TERRNO, "fdatasync()");
	}
	SAFE_CLOSE(fd);
	exit(0);
}

/* Store through the mapping into each part the file just grew by. */
static void eof_grow_race_test(const char *dir, const char *mntpoint,
			       unsigned int flags)
{
	size_t page = getpagesize();
	size_t map_len = EOF_RACE_PAGES * page;
	size_t size = 0, i, grows = 0;
	unsigned char *map, *got, *exp;
	unsigned int round, seed = 1;
	struct timespec start;
	char path[PATH_MAX];
	int *stop, fd, status, ok = 1;
	long budget_ms;
	pid_t pid;

	budget_ms = tst_remaining_runtime() * 1000L / 4;
	if (budget_ms > EOF_RACE_BUDGET_MS)
		budget_ms = EOF_RACE_BUDGET_MS;

	snprintf(path, sizeof(path), "%s/eof_race", dir);
	fd = SAFE_OPEN(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	map = SAFE_MMAP(NULL, map_len, PROT_READ | PROT_WRITE, MAP_SHARED,
			fd, 0);
	got = SAFE_MALLOC(map_len);
	exp = SAFE_MALLOC(map_len);
	stop = SAFE_MMAP(NULL, sizeof(*stop), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	*stop = 0;

	pid = SAFE_FORK();
	if (!pid)
		eof_writeback_loop(path, stop);

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (round = 0; ok && round < EOF_RACE_MAX_ROUNDS; round++) {
		if (round && eof_ms_since(&start) > budget_ms)
			break;
		SAFE_FTRUNCATE(fd, 0);
		size = 0;
		for (;;) {
			/* 1 byte to 1.5 pages: EOF lands anywhere in a page */
			size_t new_size, step;

			seed = seed * 1103515245 + 12345;
			step = 1 + (seed >> 16) % (page + page / 2);
			new_size = size + step;
			if (new_size > map_len)
				break;
			SAFE_FTRUNCATE(fd, new_size);
			for (i = size; i < new_size; i++)
				map[i] = EOF_RACE_DATA(i, round);
			size = new_size;
			grows++;
		}
		for (i = 0; i < size; i++)
			exp[i] = EOF_RACE_DATA(i, round);
		SAFE_PREAD(1, fd, got, size, 0);
		for (i = 0; i < size && got[i] == exp[i]; i++)
			;
		if (i < size) {
			ok = 0;
			eof_check("read() of the grown file", got, exp, 0,
				  size);
			tst_res(TINFO, "round %u, file size %zu", round, size);
		}
	}
	__atomic_store_n(stop, 1, __ATOMIC_RELEASE);
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "writeback child ended with status 0x%x",
			status);

	if (ok)
		tst_res(TPASS, "%u rounds, %zu size extensions with stores "
			"through the mapping under writeback: no byte lost",
			round, grows);

	SAFE_MUNMAP(map, map_len);
	SAFE_FSYNC(fd);
	if (ok && (flags & EOF_REMOUNT)) {
		SAFE_CLOSE(fd);
		eof_remount(mntpoint);
		fd = SAFE_OPEN(path, O_RDONLY);
		SAFE_PREAD(1, fd, got, size, 0);
		eof_check("read() of the grown file after remount", got, exp,
			  0, size);
	}
	SAFE_CLOSE(fd);
	SAFE_UNLINK(path);
	SAFE_MUNMAP(stop, sizeof(*stop));
	free(got);
	free(exp);
}

#endif /* MMAP_EOF_H */
