/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Patterned data for the direct and async I/O tests (testcases/kernel/io/
 * dio/ and aio_dio/). Every 16-byte record written carries a magic, a
 * generation and its own file offset, so a reader that finds something it
 * must not see says what it is: zeros, another generation of the right
 * offset (a stale block), a record of another offset (misplaced data), a
 * record of the junk file set-up wrote and deleted (the disk's stale
 * blocks exposed) or foreign bytes.
 *
 * Also: the O_DIRECT probe (TCONF with the reason where the filesystem
 * refuses it), the alignment O_DIRECT needs, aligned buffers, memory
 * shared with the children and clock deadlines scaled by
 * tst_timeout_mul().
 */
#ifndef DIO_PATTERN_H
#define DIO_PATTERN_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>
#include "tst_test.h"

#define DP_REC		16
#define DP_MAGIC	0x44494f50U	/* "DIOP": data a test wrote */
#define DP_JUNK_MAGIC	0x4a554e4bU	/* "JUNK": the deleted junk file */

struct dp_rec {
	uint32_t magic;
	uint32_t gen;
	uint64_t off;
};

/* Records of generation gen for file offset off onwards (len % 16 == 0). */
static inline void dp_fill(void *buf, size_t len, uint64_t off, uint32_t gen)
{
	struct dp_rec *r = buf;
	size_t i;

	for (i = 0; i < len / DP_REC; i++) {
		r[i].magic = DP_MAGIC;
		r[i].gen = gen;
		r[i].off = off + i * DP_REC;
	}
}

static inline void dp_fill_junk(void *buf, size_t len, uint64_t off)
{
	struct dp_rec *r = buf;
	size_t i;

	for (i = 0; i < len / DP_REC; i++) {
		r[i].magic = DP_JUNK_MAGIC;
		r[i].gen = 0xffffffff;
		r[i].off = off + i * DP_REC;
	}
}

static inline int dp_is_zero(const struct dp_rec *r)
{
	return !r->magic && !r->gen && !r->off;
}

/* What record r, found at file offset pos, is, in words. */
static inline const char *dp_describe(const struct dp_rec *r, uint64_t pos,
				      char *s, size_t n)
{
	if (dp_is_zero(r))
		snprintf(s, n, "zeros");
	else if (r->magic == DP_MAGIC && r->off == pos)
		snprintf(s, n, "generation %u", r->gen);
	else if (r->magic == DP_MAGIC)
		snprintf(s, n, "generation %u of offset %llu (misplaced)",
			 r->gen, (unsigned long long)r->off);
	else if (r->magic == DP_JUNK_MAGIC)
		snprintf(s, n, "stale bytes of the deleted junk file (its "
			 "offset %llu)", (unsigned long long)r->off);
	else
		snprintf(s, n, "foreign bytes %08x %08x %016llx", r->magic,
			 r->gen, (unsigned long long)r->off);
	return s;
}

/* What a range may hold: zeros and/or generations gen_min..gen_max. */
struct dp_expect {
	int zero_ok;
	int data_ok;
	uint32_t gen_min, gen_max;
};

static inline const char *dp_expect_str(const struct dp_expect *e, char *s,
					size_t n)
{
	char g[48];

	if (e->gen_min == e->gen_max)
		snprintf(g, sizeof(g), "generation %u", e->gen_min);
	else
		snprintf(g, sizeof(g), "generation %u..%u", e->gen_min,
			 e->gen_max);
	if (e->zero_ok && e->data_ok)
		snprintf(s, n, "zeros or %s", g);
	else if (e->zero_ok)
		snprintf(s, n, "zeros");
	else
		snprintf(s, n, "%s", g);
	return s;
}

static inline int dp_rec_ok(const struct dp_rec *r, uint64_t pos,
			    const struct dp_expect *e)
{
	if (dp_is_zero(r))
		return e->zero_ok;
	return e->data_ok && r->magic == DP_MAGIC && r->off == pos &&
	       r->gen >= e->gen_min && r->gen <= e->gen_max;
}

/*
 * Where more than one content is allowed (a write was in flight), a read
 * may see a record torn between them: a buffered write (btrfs on 6.12
 * writes O_DIRECT through the page cache where it must) copies into the
 * page a buffered read copies from, with no lock between them. Each byte
 * must then be the byte of an allowed content at that place: junk, other
 * offsets and older generations still differ in a byte.
 */
static inline int dp_rec_torn_ok(const struct dp_rec *r, uint64_t pos,
				 const struct dp_expect *e)
{
	const uint8_t *got = (const void *)r;
	unsigned int i;

	if (!(e->zero_ok && e->data_ok) && e->gen_min == e->gen_max)
		return 0;
	for (i = 0; i < DP_REC; i++) {
		uint32_t g;
		int ok = e->zero_ok && !got[i];

		for (g = e->gen_min; !ok && e->data_ok && g <= e->gen_max &&
		     g - e->gen_min < 4096; g++) {
			struct dp_rec want = { DP_MAGIC, g, pos };

			ok = got[i] == ((const uint8_t *)&want)[i];
		}
		if (!ok)
			return 0;
	}
	return 1;
}

/*
 * Check len bytes read from file offset off against e: 1 when every
 * record fits, else 0 and one TFAIL naming the first record that does not.
 */
static inline int dp_check(const char *who, const void *buf, size_t len,
			   uint64_t off, const struct dp_expect *e)
{
	const struct dp_rec *r = buf;
	char found[96], want[64];
	size_t i;

	for (i = 0; i < len / DP_REC; i++) {
		uint64_t pos = off + i * DP_REC;

		if (dp_rec_ok(&r[i], pos, e) || dp_rec_torn_ok(&r[i], pos, e))
			continue;
		tst_res(TFAIL, "%s: file offset %llu: found %s, expected %s",
			who, (unsigned long long)pos,
			dp_describe(&r[i], pos, found, sizeof(found)),
			dp_expect_str(e, want, sizeof(want)));
		return 0;
	}
	return 1;
}

static inline void *dp_alloc(size_t align, size_t len)
{
	void *buf;
	int err = posix_memalign(&buf, align, len);

	if (err)
		tst_brk(TBROK, "posix_memalign(%zu, %zu): %s", align, len,
			tst_strerrno(err));
	memset(buf, 0, len);
	return buf;
}

static inline void *dp_shared(size_t len)
{
	return SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

/* Monotonic deadline ms from now, scaled by LTP_TIMEOUT_MUL. */
static inline long long dp_deadline(long ms)
{
	return tst_mono_ms() + (long long)(ms * tst_timeout_mul());
}

static inline uint32_t dp_load(const uint32_t *p)
{
	return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

static inline void dp_store(uint32_t *p, uint32_t v)
{
	__atomic_store_n(p, v, __ATOMIC_SEQ_CST);
}

/*
 * Open path with O_DIRECT (flags | O_DIRECT); TCONF with the reason when
 * the filesystem refuses O_DIRECT: EINVAL from do_dentry_open() when the
 * file lacks FMODE_CAN_ODIRECT (tmpfs on 6.1; 6.12's shmem sets it).
 */
static inline int dp_open_direct(const char *path, int flags, mode_t mode)
{
	int fd = open(path, flags | O_DIRECT, mode);

	if (fd < 0 && errno == EINVAL)
		tst_brk(TCONF, "open(%s, O_DIRECT) is EINVAL: %s has no "
			"O_DIRECT on this kernel", path, tst_fs_type ?
			tst_fs_type : "this filesystem");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(%s, O_DIRECT)", path);
	return fd;
}

/*
 * Read the whole file at path (O_DIRECT or buffered, into a buffer of
 * alignment align): it must be size bytes by read and by st_size, every
 * record of generation gen. 1 when it is, 0 after a TFAIL.
 */
static inline int dp_check_whole(const char *path, size_t align, size_t size,
				 uint32_t gen, int direct)
{
	void *buf = dp_alloc(align, size);
	int fd = direct ? dp_open_direct(path, O_RDONLY, 0) :
			  SAFE_OPEN(path, O_RDONLY);
	struct dp_expect e = { 0, 1, gen, gen };
	ssize_t n = pread(fd, buf, size, 0);
	struct stat st;
	int ok = 1;

	SAFE_FSTAT(fd, &st);
	if (n != (ssize_t)size || st.st_size != (off_t)size) {
		tst_res(TFAIL | TERRNO, "%s read of the whole file returned "
			"%zd, st_size %lld, after %zu bytes appended",
			direct ? "O_DIRECT" : "buffered", n,
			(long long)st.st_size, size);
		ok = 0;
	}
	if (ok)
		ok = dp_check(direct ? "O_DIRECT read of the whole file" :
			      "buffered read of the whole file", buf, size, 0,
			      &e);
	SAFE_CLOSE(fd);
	free(buf);
	return ok;
}

/*
 * The alignment for O_DIRECT on fd: st_blksize, at least the page size,
 * and at least what statx(STATX_DIOALIGN) asks where the kernel says.
 */
static inline size_t dp_dio_align(int fd)
{
	struct stat st;
	size_t align;

	SAFE_FSTAT(fd, &st);
	align = st.st_blksize;
	if (align < (size_t)getpagesize())
		align = getpagesize();
#if defined(HAVE_STATX) && defined(STATX_DIOALIGN)
	{
		struct statx stx;

		if (!statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) &&
		    (stx.stx_mask & STATX_DIOALIGN)) {
			if (stx.stx_dio_offset_align > align)
				align = stx.stx_dio_offset_align;
			if (stx.stx_dio_mem_align > align)
				align = stx.stx_dio_mem_align;
		}
	}
#endif
	if (align & (align - 1))
		tst_brk(TBROK, "O_DIRECT alignment %zu is not a power of two",
			align);
	return align;
}

/*
 * Fill up to max bytes (a quarter of the free space at most) of the
 * filesystem with junk records, write them to disk and delete the file:
 * the blocks the tests' files get next held junk, so a read that exposes
 * an unwritten block shows "stale bytes of the deleted junk file". Not on
 * tmpfs (no disk, only memory).
 */
static inline void dp_dirty_free_space(const char *path, size_t max)
{
	size_t chunk = 64 * 1024, done;
	struct statvfs sv;
	void *buf;
	int fd;

	if (tst_fs_type && !strcmp(tst_fs_type, "tmpfs"))
		return;
	if (statvfs(".", &sv))
		tst_brk(TBROK | TERRNO, "statvfs(.)");
	if ((uint64_t)sv.f_bavail * sv.f_frsize / 4 < max)
		max = (uint64_t)sv.f_bavail * sv.f_frsize / 4;
	buf = dp_alloc(getpagesize(), chunk);
	fd = SAFE_OPEN(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	for (done = 0; done + chunk <= max; done += chunk) {
		dp_fill_junk(buf, chunk, done);
		SAFE_WRITE(1, fd, buf, chunk);
	}
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(path);
	fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	if (syncfs(fd))
		tst_brk(TBROK | TERRNO, "syncfs()");
	SAFE_CLOSE(fd);
	free(buf);
}

#endif /* DIO_PATTERN_H */
