/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A swap file written by the test itself, as mkswap would: a fully
 * allocated file (no holes: ext4 refuses those) of SWAP_PAGES pages whose
 * first page holds the version 1 header of union swap_header
 * (include/linux/swap.h): version and last_page after 1024 boot bytes,
 * "SWAPSPACE2" in its last 10 bytes. The kernel uses pages 1..last_page,
 * so /proc/swaps shows last_page pages. Plus the raw swapon/swapoff calls
 * and a lookup of a file's line in /proc/swaps.
 */
#ifndef SWAPFILE_H
#define SWAPFILE_H

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include "tst_test.h"

#define SWAP_PAGES 256
/* SWAP_FLAG_PREFER and SWAP_FLAG_PRIO_SHIFT of <sys/swap.h> */
#define SWAP_FLAG_PREFER_	0x8000
#define SWAP_FLAG_PRIO_SHIFT_	0

static inline long sys_swapon(const char *path, int flags)
{
	return syscall(__NR_swapon, path, flags);
}

static inline long sys_swapoff(const char *path)
{
	return syscall(__NR_swapoff, path);
}

/* A swap file of pages pages (the signature left out if !with_magic). */
static inline void make_swapfile_pages(const char *path, long pages,
				       int with_magic)
{
	size_t psz = getpagesize();
	char *page = SAFE_MALLOC(psz);
	uint32_t version = 1, last_page = pages - 1;
	long i;
	int fd;

	memset(page, 0, psz);
	fd = SAFE_OPEN(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	for (i = 1; i < pages; i++)
		SAFE_PWRITE(1, fd, page, psz, (off_t)i * psz);
	memcpy(page + 1024, &version, 4);
	memcpy(page + 1028, &last_page, 4);
	if (with_magic)
		memcpy(page + psz - 10, "SWAPSPACE2", 10);
	SAFE_PWRITE(1, fd, page, psz, 0);
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
	free(page);
}

static inline void make_swapfile(const char *path, int with_magic)
{
	make_swapfile_pages(path, SWAP_PAGES, with_magic);
}

/*
 * Turn path on as the swap area of highest priority, so that what a test
 * pushes out lands there; a file system that cannot hold a swap file
 * (EINVAL) is TCONF.
 */
static inline void swapon_first(const char *path)
{
	if (!sys_swapon(path, SWAP_FLAG_PREFER_ |
			(32767 << SWAP_FLAG_PRIO_SHIFT_)))
		return;
	if (errno == EINVAL)
		tst_brk(TCONF | TERRNO, "swap file %s refused", path);
	tst_brk(TBROK | TERRNO, "swapon(%s)", path);
}

/*
 * Find path in /proc/swaps: 1 with its size (KiB) and priority, 0 if it
 * is not listed.
 */
static inline int swaps_entry(const char *path, long *size_kb, long *prio)
{
	char line[4096], name[4096], type[32];
	long size, used, pr;
	int found = 0;
	FILE *f = fopen("/proc/swaps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/swaps)");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%4095s %31s %ld %ld %ld", name, type, &size,
			   &used, &pr) != 5 || strcmp(name, path))
			continue;
		found = 1;
		if (size_kb)
			*size_kb = size;
		if (prio)
			*prio = pr;
	}
	fclose(f);
	return found;
}

/* The Used column of path's line in /proc/swaps (KiB), -1 if not listed. */
static inline long swaps_used_kb(const char *path)
{
	char line[4096], name[4096], type[32];
	long size, used, pr, ret = -1;
	FILE *f = fopen("/proc/swaps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/swaps)");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%4095s %31s %ld %ld %ld", name, type, &size,
			   &used, &pr) == 5 && !strcmp(name, path))
			ret = used;
	fclose(f);
	return ret;
}

/* buf = the absolute path of name in the test's tmpdir. */
static inline void swap_tmp_path(char *buf, size_t size, const char *name)
{
	char dir[PATH_MAX];

	if (!realpath(tst_tmpdir_path, dir))
		tst_brk(TBROK | TERRNO, "realpath(%s)", tst_tmpdir_path);
	if (snprintf(buf, size, "%s/%s", dir, name) >= (int)size)
		tst_brk(TBROK, "swap file path %s/%s too long", dir, name);
}

/*
 * A swap file of mb MiB named name in the tmpdir, its absolute path in
 * buf, turned on as the swap area of highest priority (swapon_first()).
 */
static inline void swap_tmp_on(char *buf, size_t size, const char *name,
			       long mb)
{
	swap_tmp_path(buf, size, name);
	make_swapfile_pages(buf, mb * (1024 * 1024 / getpagesize()), 1);
	swapon_first(buf);
}

/*
 * The files both tests use, under the tmpdir by absolute path (as
 * /proc/swaps shows them): a swap file, a file without the signature, a
 * directory and a name that does not exist. The cleanup turns the swap
 * file off if a failed test left it on.
 */
static char swap_path[PATH_MAX + 16], plain_path[PATH_MAX + 16];
static char dir_path[PATH_MAX + 16], missing_path[PATH_MAX + 16];

/* The four files in dir (an absolute path); the swap file not yet made. */
static inline void swap_paths_in(const char *dir)
{
	snprintf(swap_path, sizeof(swap_path), "%s/swapfile", dir);
	snprintf(plain_path, sizeof(plain_path), "%s/plainfile", dir);
	snprintf(dir_path, sizeof(dir_path), "%s/dir", dir);
	snprintf(missing_path, sizeof(missing_path), "%s/missing", dir);
}

static inline void swap_setup(void)
{
	char dir[PATH_MAX];

	if (!realpath(tst_tmpdir_path, dir))
		tst_brk(TBROK | TERRNO, "realpath(%s)", tst_tmpdir_path);
	swap_paths_in(dir);
	make_swapfile(swap_path, 1);
	make_swapfile(plain_path, 0);
	SAFE_MKDIR(dir_path, 0755);
}

static inline void swap_cleanup(void)
{
	if (swap_path[0] && swaps_entry(swap_path, NULL, NULL) &&
	    sys_swapoff(swap_path))
		tst_res(TWARN | TERRNO, "swapoff(%s) in cleanup", swap_path);
}

#endif /* SWAPFILE_H */
