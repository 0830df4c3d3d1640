/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Fill a filesystem to ENOSPC and check what it accepted. fs_fill() writes
 * files fill.0, fill.1, ... of a pattern derived from (file, offset), in
 * chunks, until a write fails; that failure must be ENOSPC (a short write
 * first is fine: the next one must fail). fs_fill_verify() then fsyncs
 * every file (what write() accepted must reach the disk: an fsync error
 * there is lost data), drops their page cache and reads every accepted
 * byte back against the pattern.
 */
#ifndef FS_FILL_H
#define FS_FILL_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tst_test.h"

#define FS_FILL_CHUNK		(256 * 1024)
#define FS_FILL_FILE_MAX	(16L * 1024 * 1024)
#define FS_FILL_MAX_FILES	512

struct fs_fill {
	int nfiles;
	off_t size[FS_FILL_MAX_FILES];	/* bytes write() accepted per file */
	long long total;
	int err;			/* errno of the write that failed */
};

static inline void fs_fill_pattern(char *buf, size_t len, int file, off_t off)
{
	size_t i;

	/* Each 8-byte word names its file and offset: a misplaced or
	 * stale block reads back wrong. */
	for (i = 0; i + 8 <= len; i += 8) {
		unsigned long long w = ((unsigned long long)file << 48) ^
				       (unsigned long long)(off + i) ^
				       0x5a5a000000000000ULL;

		memcpy(buf + i, &w, 8);
	}
}

static inline void fs_fill_name(char *name, size_t len, int file)
{
	snprintf(name, len, "fill.%d", file);
}

/* Returns when a write failed; f->err is its errno. */
static inline void fs_fill(struct fs_fill *f)
{
	char *buf = SAFE_MALLOC(FS_FILL_CHUNK);
	char name[32];
	ssize_t ret;
	int i, fd;

	memset(f, 0, sizeof(*f));
	for (i = 0; i < FS_FILL_MAX_FILES && !f->err; i++) {
		fs_fill_name(name, sizeof(name), i);
		fd = open(name, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		if (fd < 0) {
			f->err = errno;
			break;
		}
		f->nfiles = i + 1;
		while (f->size[i] < FS_FILL_FILE_MAX) {
			fs_fill_pattern(buf, FS_FILL_CHUNK, i, f->size[i]);
			ret = write(fd, buf, FS_FILL_CHUNK);
			if (ret < 0) {
				f->err = errno;
				break;
			}
			if (ret == 0)
				tst_brk(TBROK, "write() of %s returned 0",
					name);
			f->size[i] += ret;
			f->total += ret;
		}
		SAFE_CLOSE(fd);
	}
	free(buf);
	if (!f->err)
		tst_brk(TBROK, "%d files of %ld bytes and still no error",
			FS_FILL_MAX_FILES, FS_FILL_FILE_MAX);
}

/* fsync, drop the cached pages, compare. Returns the files that differ. */
static inline int fs_fill_verify(const struct fs_fill *f)
{
	char *buf = SAFE_MALLOC(FS_FILL_CHUNK);
	char *exp = SAFE_MALLOC(FS_FILL_CHUNK);
	int i, bad = 0, fd;
	char name[32];
	off_t off;
	ssize_t ret;

	for (i = 0; i < f->nfiles; i++) {
		fs_fill_name(name, sizeof(name), i);
		fd = SAFE_OPEN(name, O_RDWR);
		if (fsync(fd)) {
			tst_res(TFAIL | TERRNO, "fsync(%s) after the fill: "
				"data write() accepted is not on disk", name);
			bad++;
		}
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		for (off = 0; off < f->size[i]; off += ret) {
			size_t want = f->size[i] - off < FS_FILL_CHUNK ?
				      f->size[i] - off : FS_FILL_CHUNK;

			ret = pread(fd, buf, want, off);
			if (ret <= 0) {
				tst_res(TFAIL | TERRNO, "pread(%s, %zu, %lld)"
					" returned %zd", name, want,
					(long long)off, ret);
				bad++;
				break;
			}
			fs_fill_pattern(exp, FS_FILL_CHUNK, i, off);
			if (memcmp(buf, exp, ret & ~7L)) {
				tst_res(TFAIL, "%s differs in the %zd bytes "
					"at %lld", name, ret, (long long)off);
				bad++;
				break;
			}
		}
		SAFE_CLOSE(fd);
	}
	free(buf);
	free(exp);
	return bad;
}

static inline void fs_fill_remove(const struct fs_fill *f)
{
	char name[32];
	int i;

	for (i = 0; i < f->nfiles; i++) {
		fs_fill_name(name, sizeof(name), i);
		unlink(name);
	}
}

#endif /* FS_FILL_H */
