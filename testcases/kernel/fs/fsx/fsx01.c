// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Random operations on one file, checked against an in-memory model of
 * its size and contents, on every filesystem of the matrix.
 *
 * From a seed ($LTP_FSX_SEED, else random; always printed) the test runs
 * $LTP_FSX_OPS operations (default 400, stopped earlier by a time budget
 * of 2 s times the timeout multiplier; the number run is printed), each
 * applied to the file and to the model:
 * - pread (the bytes, and a short count at EOF), pwrite of a pattern made
 *   of the operation's number and the offset (so a stale or misplaced
 *   byte names the operation that wrote it), also far past EOF (a hole);
 * - mmap reads and writes (MAP_SHARED; a write past EOF extends the file
 *   with ftruncate() first; msync() now and then); a mapping that covers
 *   EOF must read zeros from EOF to the end of that page;
 * - ftruncate() down and up: the bytes between the old and the new EOF
 *   read back as zeros at once (data left beyond EOF in the last block
 *   must not reappear);
 * - fallocate(): default mode (size grows, zeros) and KEEP_SIZE, also
 *   past EOF; PUNCH_HOLE (zeros, size kept); ZERO_RANGE with and without
 *   KEEP_SIZE; COLLAPSE_RANGE and INSERT_RANGE on multiples of the
 *   filesystem's allocation unit, and EINVAL for an unaligned range, a
 *   collapse reaching EOF and an insert at or past EOF (the file left as
 *   it was; each once in the set-up, then now and then in the mix);
 * - copy_file_range() within the file: a copy of non-overlapping ranges
 *   (shortened to the source's EOF) lands byte for byte; overlapping
 *   ranges are EINVAL;
 * - fsync()/fdatasync(); O_DIRECT reads and writes of 4 KiB-aligned ranges
 *   through a second descriptor.
 * st_size is compared after every operation. Every 20 operations the
 * whole file is read and compared; every 150, after fsync() and
 * posix_fadvise(DONTNEED) (the page cache dropped), through a new
 * descriptor. At the end the filesystem is unmounted and mounted again
 * (tmpfs: a new instance would be empty, so only the cache is dropped) and
 * the whole file compared once more.
 *
 * What each filesystem has is a table (fs/<fs>/ of 6.1 and 6.12): a mode
 * it lacks is asserted once to fail with EOPNOTSUPP and leave the file
 * alone, then left out of the mix. ext4 and xfs have all five modes;
 * ext2 and ext3 (the ext4 driver, block-mapped files) only PUNCH_HOLE;
 * btrfs no COLLAPSE_RANGE or INSERT_RANGE; tmpfs only PUNCH_HOLE; vfat
 * only the default mode and KEEP_SIZE; exfat no fallocate(); ntfs3 (on a
 * file that is not sparse) the default mode, KEEP_SIZE and COLLAPSE_RANGE,
 * where a collapse reaching EOF truncates the file at the offset instead
 * of EINVAL. ntfs3 also returns 0 and does nothing for any collapse of a
 * file whose data is resident in its MFT record (attr_collapse_range(),
 * 6.1 and 6.12: "Attribute is resident. Nothing to do?"), even for an
 * unaligned range: a known kernel issue, found by this test (seed
 * 496793333). Where FIEMAP shows the data inline, a collapse may give 0
 * and leave the file as it was (counted and printed); the model is
 * checked as for any operation, so a collapse that did change the file
 * still fails. O_DIRECT: tmpfs refuses it before 6.6 (open(): EINVAL).
 *
 * On a mismatch: TFAIL with the first differing offset, the bytes
 * expected and got (and which logged operation's pattern the bytes got
 * are), the last 32 operations (number, kind, offset, length, size after)
 * and the replay line (LTP_FSX_SEED, LTP_FSX_OPS = the failing operation,
 * LTP_SINGLE_FS_TYPE).
 *
 * $LTP_FSX_EOF_POLLUTE=1 makes mmap writes also store into the part of
 * the EOF page beyond EOF (which must never reach the file): a later
 * extension must still read zeros there.
 * Syscalls: pread64, pwrite64, mmap, msync, ftruncate, fallocate, copy_file_range, fsync, fdatasync, fadvise64
 */
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/ioctl.h>
#include <sys/vfs.h>
#include <linux/falloc.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include "tst_test.h"
#include "fs_matrix.h"

#define MNT		"mntpoint"
#define FNAME		"fsx.file"
#define MAX_FILE	(256 * 1024)
#define MAX_IO		(32 * 1024)
#define DIO_ALIGN	4096
#define DEFAULT_OPS	400
#define BUDGET_MS	2000
#define LOG_LEN		32
#define CHECK_EVERY	20
#define DROP_EVERY	150

/* fallocate() modes, for the capability table */
#define M_ALLOC		0x01	/* mode 0 and FALLOC_FL_KEEP_SIZE */
#define M_PUNCH		0x02
#define M_ZERO		0x04
#define M_COLLAPSE	0x08
#define M_INSERT	0x10
#define M_ALL		0x1f

static const struct fs_caps {
	const char *fs;
	unsigned int lacks;	/* modes that are EOPNOTSUPP */
	int collapse_eof_truncates;
	int resident_collapse_noop;	/* see the comment at the top */
	int dio_kver[2];	/* O_DIRECT from this kernel; 0: always */
	const char *why;	/* why it lacks them */
} caps_table[] = {
	{ "ext2", M_ALL & ~M_PUNCH, 0, 0, { 0, 0 },
	  "block-mapped files: ext4_fallocate() has only punch for them" },
	{ "ext3", M_ALL & ~M_PUNCH, 0, 0, { 0, 0 },
	  "block-mapped files: ext4_fallocate() has only punch for them" },
	{ "ext4", 0, 0, 0, { 0, 0 }, NULL },
	{ "xfs", 0, 0, 0, { 0, 0 }, NULL },
	{ "btrfs", M_COLLAPSE | M_INSERT, 0, 0, { 0, 0 },
	  "btrfs_fallocate() takes KEEP_SIZE, PUNCH_HOLE, ZERO_RANGE only" },
	{ "vfat", M_ALL & ~M_ALLOC, 0, 0, { 0, 0 },
	  "fat_fallocate() takes KEEP_SIZE only" },
	{ "exfat", M_ALL, 0, 0, { 0, 0 }, "exfat has no ->fallocate" },
	{ "ntfs3", M_PUNCH | M_ZERO | M_INSERT, 1, 1, { 0, 0 },
	  "ntfs_fallocate(): no ZERO_RANGE, PUNCH_HOLE and INSERT_RANGE only "
	  "on sparse or compressed files" },
	{ "tmpfs", M_ALL & ~(M_ALLOC | M_PUNCH), 0, 0, { 6, 6 },
	  "shmem_fallocate() takes KEEP_SIZE and PUNCH_HOLE only" },
};

enum op {
	OP_READ, OP_WRITE, OP_MAPREAD, OP_MAPWRITE, OP_TRUNCATE, OP_FALLOC,
	OP_PUNCH, OP_ZERO, OP_COLLAPSE, OP_INSERT, OP_COPY, OP_FSYNC,
	OP_DIOREAD, OP_DIOWRITE, NOPS
};

static const char *const op_names[NOPS] = {
	"read", "write", "mapread", "mapwrite", "truncate", "falloc",
	"punch", "zero", "collapse", "insert", "copy", "fsync",
	"dioread", "diowrite",
};

static const unsigned int op_weight[NOPS] = {
	12, 14, 6, 8, 8, 4, 5, 5, 4, 4, 6, 1, 4, 5,
};

struct log_ent {
	unsigned long no;
	enum op op;
	long long off, len, aux;
	size_t size;
	int err;		/* errno the call gave (and had to) */
	const char *note;
};

static const struct fs_caps *caps;
static unsigned char *model, *buf, *dio_buf;
static size_t msize;
static int fd = -1, dio_fd = -1;
static int op_ok[NOPS];
static unsigned long seed0, seed, nops, op_no, op_count[NOPS], einval_count;
static unsigned long resident_noops;
static uint64_t rng;
static size_t unit, page;
static int pollute, failed;
static struct log_ent oplog[LOG_LEN];
static char mnt_abs[PATH_MAX];

static uint64_t rnd(void)
{
	/* splitmix64: the same sequence everywhere */
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static size_t rnd_below(size_t n)
{
	return n ? rnd() % n : 0;
}

/* Never 0, so that a hole is never mistaken for written data. */
static unsigned char pattern(unsigned long no, size_t off)
{
	unsigned int b = (no * 29 + off % 251 + (off >> 12) * 7) % 255;

	return b + 1;
}

static struct log_ent *log_op(enum op op, long long off, long long len,
			      long long aux, const char *note)
{
	struct log_ent *e = &oplog[op_no % LOG_LEN];

	e->no = op_no;
	e->op = op;
	e->off = off;
	e->len = len;
	e->aux = aux;
	e->note = note;
	e->err = 0;
	e->size = msize;
	return e;
}

static void dump_log(void)
{
	unsigned long first = op_no >= LOG_LEN ? op_no - LOG_LEN + 1 : 1, no;
	struct log_ent *e;

	tst_res(TINFO, "last operations (number kind offset length "
		"[aux] -> size after):");
	for (no = first; no <= op_no; no++) {
		e = &oplog[no % LOG_LEN];
		if (e->no != no)
			continue;
		tst_res(TINFO, "  %6lu %-8s %7lld %6lld%s%s%s%s -> %zu", e->no,
			op_names[e->op], e->off, e->len,
			e->note ? " " : "", e->note ? e->note : "",
			e->err ? " " : "", e->err ? tst_strerrno(e->err) : "",
			e->size);
	}
	tst_res(TINFO, "replay: LTP_FSX_SEED=%lu LTP_FSX_OPS=%lu "
		"LTP_SINGLE_FS_TYPE=%s fsx01", seed, op_no, tst_fs_type);
}

__attribute__((format(printf, 1, 2)))
static int fail(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	tst_res(TFAIL, "seed %lu op %lu (%s): %s", seed, op_no,
		op_no ? op_names[oplog[op_no % LOG_LEN].op] : "-", msg);
	dump_log();
	failed = 1;
	return -1;
}

/*
 * Which recent operation's pattern the n (up to 4) bytes got at off are:
 * the one written at this offset (a stale or lost write) or at another
 * one (a misplaced write).
 */
static const char *whose(const unsigned char *got, size_t off, size_t n)
{
	static char out[96];
	unsigned long no;
	size_t o, k;

	if (n > 4)
		n = 4;
	for (k = 0; k < n && !got[k]; k++)
		;
	if (k == n)
		return "zeros";
	for (no = op_no; no && no + LOG_LEN > op_no; no--) {
		for (k = 0; k < n && got[k] == pattern(no, off + k); k++)
			;
		if (k == n) {
			snprintf(out, sizeof(out), "op %lu's pattern for this "
				 "offset", no);
			return out;
		}
	}
	for (no = op_no; no && no + LOG_LEN > op_no; no--) {
		for (o = 0; o < MAX_FILE + MAX_IO; o++) {
			for (k = 0; k < n && got[k] == pattern(no, o + k); k++)
				;
			if (k == n) {
				snprintf(out, sizeof(out), "op %lu's pattern for "
					 "offset %zu", no, o);
				return out;
			}
		}
	}
	return "no recent operation's pattern";
}

/* got[0 .. len) against the model from off. */
static int compare(const unsigned char *got, size_t off, size_t len,
		   const char *what)
{
	char exp_s[64], got_s[64];
	size_t i, j, n;

	for (i = 0; i < len && got[i] == model[off + i]; i++)
		;
	if (i == len)
		return 0;
	n = len - i < 8 ? len - i : 8;
	for (j = 0; j < n; j++) {
		sprintf(exp_s + 3 * j, "%02x ", model[off + i + j]);
		sprintf(got_s + 3 * j, "%02x ", got[i + j]);
	}
	return fail("%s: first difference at offset %zu (file size %zu): "
		    "expected %sgot %s(%s)", what, off + i, msize, exp_s,
		    got_s, whose(got + i, off + i, n));
}

static int check_size(void)
{
	struct stat st;

	if (fstat(fd, &st))
		tst_brk(TBROK | TERRNO, "fstat()");
	if ((size_t)st.st_size != msize)
		return fail("st_size is %lld, the model says %zu",
			    (long long)st.st_size, msize);
	return 0;
}

static void model_write(const unsigned char *src, size_t off, size_t len)
{
	if (!len)
		return;
	memcpy(model + off, src, len);
	if (off + len > msize)
		msize = off + len;
}

static void model_resize(size_t size)
{
	if (size < msize)
		memset(model + size, 0, msize - size);
	msize = size;
}

static void model_zero(size_t off, size_t len)
{
	if (off < msize)
		memset(model + off, 0, (off + len > msize ? msize : off + len) - off);
}

/* An offset: mostly inside the file, sometimes anywhere up to the limit. */
static size_t pick_off(size_t limit)
{
	if (msize && rnd_below(5))
		return rnd_below(msize < limit ? msize : limit);
	return rnd_below(limit);
}

static size_t pick_len(size_t off, size_t limit)
{
	size_t len = 1 + rnd_below(MAX_IO);

	if (off + len > limit)
		len = limit - off;
	return len;
}

static int expect_ret(long ret, long want, const char *call)
{
	if (ret == want)
		return 0;
	if (ret < 0)
		return fail("%s failed: %s, expected %ld", call,
			    tst_strerrno(errno), want);
	return fail("%s returned %ld, expected %ld", call, ret, want);
}

static int expect_err(long ret, int err, const char *call)
{
	if (ret < 0 && errno == err)
		return 0;
	if (ret >= 0)
		return fail("%s returned %ld, expected %s", call, ret,
			    tst_strerrno(err));
	return fail("%s failed with %s, expected %s", call,
		    tst_strerrno(errno), tst_strerrno(err));
}

static int do_read(void)
{
	size_t off = pick_off(MAX_FILE), len = pick_len(off, MAX_FILE + MAX_IO);
	ssize_t ret;
	long want;

	if (rnd_below(4) == 0 && msize)		/* a read across EOF */
		off = msize - 1 - rnd_below(msize < 64 ? msize : 64);
	want = off >= msize ? 0 : (long)(off + len > msize ? msize - off : len);
	log_op(OP_READ, off, len, 0, NULL);
	ret = pread(fd, buf, len, off);
	if (expect_ret(ret, want, "pread()"))
		return -1;
	return compare(buf, off, ret, "pread()");
}

static int do_write(void)
{
	size_t off = pick_off(MAX_FILE), len = pick_len(off, MAX_FILE), i;
	ssize_t ret;

	for (i = 0; i < len; i++)
		buf[i] = pattern(op_no, off + i);
	model_write(buf, off, len);
	log_op(OP_WRITE, off, len, 0, NULL);
	ret = pwrite(fd, buf, len, off);
	return expect_ret(ret, len, "pwrite()");
}

static int do_mapread(void)
{
	size_t off, len, pg, maplen, end, i;
	unsigned char *p;
	int ret;

	if (!msize)
		return 0;
	off = rnd_below(msize);
	len = 1 + rnd_below(MAX_IO);
	if (rnd_below(3) == 0 || off + len > msize)	/* up to EOF */
		len = msize - off;
	pg = off & ~(page - 1);
	maplen = off + len - pg;
	p = mmap(NULL, maplen, PROT_READ, MAP_SHARED, fd, pg);
	if (p == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap(%zu at %zu)", maplen, pg);
	log_op(OP_MAPREAD, off, len, 0, NULL);
	ret = compare(p + (off - pg), off, len, "mmap read");
	/*
	 * The rest of the EOF page reads as zeros (unless this test stored
	 * there itself: such stores stay in the page in memory; only an
	 * extension of the file must not show them).
	 */
	end = (msize + page - 1) & ~(page - 1);
	if (!ret && !pollute && off + len == msize) {
		for (i = msize; i < end && !p[i - pg]; i++)
			;
		if (i < end)
			ret = fail("mmap read: byte %zu past EOF %zu in the EOF "
				   "page is %02x, expected 00 (%s)", i, msize,
				   p[i - pg], whose(p + (i - pg), i, end - i));
	}
	SAFE_MUNMAP(p, maplen);
	return ret;
}

static int do_mapwrite(void)
{
	size_t off = pick_off(MAX_FILE), len = pick_len(off, MAX_FILE);
	size_t pg = off & ~(page - 1), maplen = off + len - pg, i, end;
	const char *note = NULL;
	unsigned char *p;

	if (off + len > msize) {
		/* a mapping past EOF would SIGBUS: extend first */
		if (ftruncate(fd, off + len))
			return fail("ftruncate(%zu) to extend for the mapping: "
				    "%s", off + len, tst_strerrno(errno));
		model_resize(off + len);
		note = "(extended)";
	}
	p = mmap(NULL, maplen, PROT_READ | PROT_WRITE, MAP_SHARED, fd, pg);
	if (p == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap(%zu at %zu)", maplen, pg);
	for (i = 0; i < len; i++)
		buf[i] = pattern(op_no, off + i);
	memcpy(p + (off - pg), buf, len);
	model_write(buf, off, len);
	end = (msize + page - 1) & ~(page - 1);
	if (pollute && off + len == msize && end > msize)
		memset(p + (msize - pg), 0xee, end - msize);
	log_op(OP_MAPWRITE, off, len, 0, note);
	if (rnd_below(4) == 0 && msync(p, maplen, MS_SYNC))
		return fail("msync(MS_SYNC): %s", tst_strerrno(errno));
	SAFE_MUNMAP(p, maplen);
	return 0;
}

static int do_truncate(void)
{
	size_t old = msize, size, n;
	ssize_t ret;

	size = rnd_below(2) ? rnd_below(msize + 1) : msize + rnd_below(MAX_FILE - msize + 1);
	model_resize(size);
	log_op(OP_TRUNCATE, size, 0, 0, size > old ? "(up)" : "(down)");
	if (ftruncate(fd, size))
		return fail("ftruncate(%zu): %s", size, tst_strerrno(errno));
	if (size <= old)
		return 0;
	/* the bytes past the old EOF at once */
	n = size - old < 8192 ? size - old : 8192;
	ret = pread(fd, buf, n, old);
	if (expect_ret(ret, n, "pread() past the old EOF"))
		return -1;
	return compare(buf, old, n, "read past the old EOF after ftruncate up");
}

static int do_fallocate(enum op op, int mode, size_t off, size_t len,
			const char *note)
{
	char call[96];

	log_op(op, off, len, mode, note);
	snprintf(call, sizeof(call), "fallocate(0x%x, %zu, %zu)", mode, off, len);
	return expect_ret(fallocate(fd, mode, off, len), 0, call);
}

static int do_falloc(void)
{
	size_t off = pick_off(MAX_FILE), len = pick_len(off, MAX_FILE);
	int keep = rnd_below(2);

	if (!keep && off + len > msize)
		model_resize(off + len);
	return do_fallocate(OP_FALLOC, keep ? FALLOC_FL_KEEP_SIZE : 0, off,
			    len, keep ? "KEEP_SIZE" : NULL);
}

static int do_punch(void)
{
	size_t off = pick_off(MAX_FILE), len = pick_len(off, MAX_FILE);

	model_zero(off, len);
	return do_fallocate(OP_PUNCH, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
			    off, len, NULL);
}

static int do_zero(void)
{
	size_t off = pick_off(MAX_FILE), len = pick_len(off, MAX_FILE);
	int keep = rnd_below(2);

	model_zero(off, len);
	if (!keep && off + len > msize)
		model_resize(off + len);
	return do_fallocate(OP_ZERO, FALLOC_FL_ZERO_RANGE |
			    (keep ? FALLOC_FL_KEEP_SIZE : 0), off, len,
			    keep ? "KEEP_SIZE" : NULL);
}

/* An invalid collapse or insert: EINVAL, the file as it was. */
static int shift_einval(enum op op, int mode, size_t off, size_t len,
			const char *note)
{
	char call[96];

	log_op(op, off, len, mode, note);
	oplog[op_no % LOG_LEN].err = EINVAL;
	einval_count++;
	snprintf(call, sizeof(call), "fallocate(%s, %zu, %zu) %s",
		 op_names[op], off, len, note);
	return expect_err(fallocate(fd, mode, off, len), EINVAL, call);
}

/* ntfs3 keeps small files' data in the MFT record: FIEMAP says "inline" */
static int data_inline(void)
{
	struct {
		struct fiemap fm;
		struct fiemap_extent fe;
	} req;

	memset(&req, 0, sizeof(req));
	req.fm.fm_length = FIEMAP_MAX_OFFSET;
	req.fm.fm_extent_count = 1;
	/* ntfs3 returns 1, not 0, for an inline extent: ni_fiemap() */
	if (ioctl(fd, FS_IOC_FIEMAP, &req.fm) < 0)
		return 0;
	return req.fm.fm_mapped_extents == 1 &&
	       (req.fe.fe_flags & FIEMAP_EXTENT_DATA_INLINE);
}

/*
 * The known ntfs3 no-op (top of the file): 1 when the collapse returned 0
 * on a resident file, with the model left alone; 0 when the collapse has
 * still to be made and judged as usual.
 */
static int resident_noop(size_t off, size_t len)
{
	if (!caps->resident_collapse_noop || !data_inline())
		return 0;
	log_op(OP_COLLAPSE, off, len, FALLOC_FL_COLLAPSE_RANGE,
	       "(resident: may be a no-op)");
	if (fallocate(fd, FALLOC_FL_COLLAPSE_RANGE, off, len))
		return 0;
	resident_noops++;
	return 1;
}

static int do_collapse(void)
{
	size_t units = msize / unit, off, len;

	if (rnd_below(8) == 0 || units < 2) {
		switch (rnd_below(3)) {
		case 0:
			off = unit * rnd_below(units + 1) + 1 + rnd_below(unit - 1);
			if (resident_noop(off, unit))
				return 0;
			return shift_einval(OP_COLLAPSE, FALLOC_FL_COLLAPSE_RANGE,
					    off, unit, "(unaligned offset)");
		case 1:
			len = unit + 1 + rnd_below(unit - 1);
			if (resident_noop(0, len))
				return 0;
			return shift_einval(OP_COLLAPSE, FALLOC_FL_COLLAPSE_RANGE,
					    0, len, "(unaligned length)");
		}
		/* reaching EOF: aligned, off + len >= size */
		off = unit * rnd_below(units + 1);
		len = ((msize - off) / unit + 1) * unit;
		if (resident_noop(off, len))
			return 0;
		if (!caps->collapse_eof_truncates)
			return shift_einval(OP_COLLAPSE, FALLOC_FL_COLLAPSE_RANGE,
					    off, len, "(reaching EOF)");
		model_resize(off);
		return do_fallocate(OP_COLLAPSE, FALLOC_FL_COLLAPSE_RANGE, off,
				    len, "(reaching EOF: truncates)");
	}
	/* off + len < size, both multiples of the unit */
	off = unit * rnd_below(units - 1);
	len = unit * (1 + rnd_below((msize - off - 1) / unit));
	memmove(model + off, model + off + len, msize - off - len);
	model_resize(msize - len);
	return do_fallocate(OP_COLLAPSE, FALLOC_FL_COLLAPSE_RANGE, off, len,
			    NULL);
}

static int do_insert(void)
{
	size_t units = msize / unit, room = (MAX_FILE - msize) / unit, off, len;

	if (rnd_below(8) == 0 || !msize || !room) {
		switch (rnd_below(3)) {
		case 0:
			return shift_einval(OP_INSERT, FALLOC_FL_INSERT_RANGE,
					    1 + rnd_below(unit - 1), unit,
					    "(unaligned offset)");
		case 1:
			return shift_einval(OP_INSERT, FALLOC_FL_INSERT_RANGE,
					    0, 1 + rnd_below(unit - 1),
					    "(unaligned length)");
		}
		off = ((msize + unit - 1) / unit + rnd_below(2)) * unit;
		return shift_einval(OP_INSERT, FALLOC_FL_INSERT_RANGE, off,
				    unit, "(at or past EOF)");
	}
	/* off < size */
	off = unit * rnd_below(units + (msize % unit ? 1 : 0));
	len = unit * (1 + rnd_below(room < 8 ? room : 8));
	memmove(model + off + len, model + off, msize - off);
	memset(model + off, 0, len);
	msize += len;
	return do_fallocate(OP_INSERT, FALLOC_FL_INSERT_RANGE, off, len, NULL);
}

static int do_copy(void)
{
	size_t in = pick_off(MAX_FILE), out, len, count;
	loff_t pin, pout;
	int overlap;
	ssize_t ret;

	len = 1 + rnd_below(MAX_IO);
	out = pick_off(MAX_FILE - len);
	/* mostly apart: the destination after or before the source */
	if (rnd_below(4) && out < in + len && in < out + len) {
		if (in + 2 * len <= MAX_FILE)
			out = in + len + rnd_below(MAX_FILE - in - 2 * len + 1);
		else
			out = rnd_below(in - len + 1);
	}
	count = in >= msize ? 0 : (msize - in < len ? msize - in : len);
	overlap = count && out + count > in && out < in + count;
	pin = in;
	pout = out;
	log_op(OP_COPY, out, len, in, NULL);
	oplog[op_no % LOG_LEN].note = overlap ? "(overlapping)" : NULL;
	if (overlap) {
		oplog[op_no % LOG_LEN].err = EINVAL;
		einval_count++;
		return expect_err(copy_file_range(fd, &pin, fd, &pout, len, 0),
				  EINVAL, "copy_file_range() of overlapping ranges");
	}
	ret = copy_file_range(fd, &pin, fd, &pout, len, 0);
	if (ret < 0)
		return fail("copy_file_range(%zu -> %zu, %zu) failed: %s", in,
			    out, len, tst_strerrno(errno));
	/* shortened to the source's EOF; a clone may stop at a block */
	if ((size_t)ret > count || (count && !ret))
		return fail("copy_file_range(%zu -> %zu, %zu) copied %zd, "
			    "expected 1..%zu", in, out, len, ret, count);
	if ((size_t)pin != in + ret || (size_t)pout != out + ret)
		return fail("copy_file_range() moved the offsets to %lld and "
			    "%lld, expected %zu and %zu", (long long)pin,
			    (long long)pout, in + ret, out + ret);
	memcpy(buf, model + in, ret);
	model_write(buf, out, ret);
	oplog[op_no % LOG_LEN].size = msize;
	if ((size_t)ret < count)
		oplog[op_no % LOG_LEN].note = "(short)";
	return 0;
}

static int do_fsync(void)
{
	int data = rnd_below(2);

	log_op(OP_FSYNC, 0, 0, 0, data ? "fdatasync" : "fsync");
	return expect_ret(data ? fdatasync(fd) : fsync(fd), 0,
			  data ? "fdatasync()" : "fsync()");
}

static int do_dioread(void)
{
	size_t off = DIO_ALIGN * rnd_below((msize + DIO_ALIGN) / DIO_ALIGN + 1);
	size_t len = DIO_ALIGN * (1 + rnd_below(MAX_IO / DIO_ALIGN));
	long want = off >= msize ? 0 : (long)(off + len > msize ? msize - off : len);
	ssize_t ret;

	log_op(OP_DIOREAD, off, len, 0, NULL);
	ret = pread(dio_fd, dio_buf, len, off);
	if (expect_ret(ret, want, "O_DIRECT pread()"))
		return -1;
	return compare(dio_buf, off, ret, "O_DIRECT read");
}

static int do_diowrite(void)
{
	size_t off = DIO_ALIGN * rnd_below((MAX_FILE - MAX_IO) / DIO_ALIGN);
	size_t len = DIO_ALIGN * (1 + rnd_below(MAX_IO / DIO_ALIGN)), i;

	if (rnd_below(4) && msize < MAX_FILE - MAX_IO)
		off = DIO_ALIGN * rnd_below(msize / DIO_ALIGN + 1);
	for (i = 0; i < len; i++)
		dio_buf[i] = pattern(op_no, off + i);
	model_write(dio_buf, off, len);
	log_op(OP_DIOWRITE, off, len, 0, NULL);
	return expect_ret(pwrite(dio_fd, dio_buf, len, off), len,
			  "O_DIRECT pwrite()");
}

static int run_op(enum op op)
{
	switch (op) {
	case OP_READ: return do_read();
	case OP_WRITE: return do_write();
	case OP_MAPREAD: return do_mapread();
	case OP_MAPWRITE: return do_mapwrite();
	case OP_TRUNCATE: return do_truncate();
	case OP_FALLOC: return do_falloc();
	case OP_PUNCH: return do_punch();
	case OP_ZERO: return do_zero();
	case OP_COLLAPSE: return do_collapse();
	case OP_INSERT: return do_insert();
	case OP_COPY: return do_copy();
	case OP_FSYNC: return do_fsync();
	case OP_DIOREAD: return do_dioread();
	case OP_DIOWRITE: return do_diowrite();
	default: break;
	}
	tst_brk(TBROK, "no operation %d", op);
}

static enum op pick_op(void)
{
	unsigned int total = 0, r, i;

	for (i = 0; i < NOPS; i++)
		total += op_ok[i] ? op_weight[i] : 0;
	r = rnd_below(total);
	for (i = 0; i < NOPS; i++) {
		if (!op_ok[i])
			continue;
		if (r < op_weight[i])
			break;
		r -= op_weight[i];
	}
	return i;
}

static int open_file(void)
{
	fd = open(FNAME, O_RDWR);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(%s)", FNAME);
	if (op_ok[OP_DIOREAD]) {
		dio_fd = open(FNAME, O_RDWR | O_DIRECT);
		if (dio_fd < 0)
			tst_brk(TBROK | TERRNO, "open(%s, O_DIRECT)", FNAME);
	}
	return 0;
}

static void close_file(void)
{
	SAFE_CLOSE(fd);
	if (dio_fd >= 0)
		SAFE_CLOSE(dio_fd);
}

/* The whole file against the model. */
static int verify_all(const char *when)
{
	ssize_t ret;

	if (check_size())
		return -1;
	ret = pread(fd, buf, MAX_FILE + 1, 0);
	if (ret != (ssize_t)msize)
		return fail("%s: reading the whole file returned %zd, expected "
			    "%zu", when, ret, msize);
	return compare(buf, 0, msize, when);
}

/* Written back, the page cache dropped, read through a new descriptor. */
static int verify_dropped(void)
{
	int ret;

	if (fsync(fd))
		return fail("fsync() before dropping the cache: %s",
			    tst_strerrno(errno));
	close_file();
	fd = SAFE_OPEN(FNAME, O_RDONLY);
	if (posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED))
		tst_brk(TBROK, "posix_fadvise(DONTNEED) failed");
	SAFE_CLOSE(fd);
	open_file();
	ret = verify_all("after fsync and dropping the cache");
	return ret;
}

static int remount(void)
{
	close_file();
	if (!tst_device) {
		tst_res(TINFO, "tmpfs: no remount (a new instance is empty); "
			"the cache dropped instead");
		open_file();
		return verify_dropped();
	}
	if (chdir(tst_tmpdir_path))
		tst_brk(TBROK | TERRNO, "chdir(%s)", tst_tmpdir_path);
	SAFE_UMOUNT(mnt_abs);
	SAFE_MOUNT(tst_device->dev, mnt_abs, tst_fs_type, 0, NULL);
	if (chdir(mnt_abs))
		tst_brk(TBROK | TERRNO, "chdir(%s)", mnt_abs);
	open_file();
	return verify_all("after umount and mount");
}

/*
 * A mode the filesystem lacks: EOPNOTSUPP, and the file as it was. A mode
 * it has that answers EOPNOTSUPP later fails in the random mix.
 */
static void probe_lacking(unsigned int mode_bit, int mode, const char *name)
{
	unsigned char data[64];
	struct stat st;
	int pfd;

	if (!(caps->lacks & mode_bit))
		return;
	pfd = SAFE_OPEN("probe", O_CREAT | O_RDWR | O_TRUNC, 0644);
	memset(data, 0x5a, sizeof(data));
	SAFE_PWRITE(1, pfd, data, sizeof(data), 2 * unit);
	TEST(fallocate(pfd, mode, 0, unit));
	if (TST_RET == -1 && TST_ERR == EOPNOTSUPP)
		tst_res(TPASS, "fallocate(%s): EOPNOTSUPP, as documented (%s)",
			name, caps->why);
	else if (TST_RET == -1)
		tst_res(TFAIL | TTERRNO, "fallocate(%s), expected EOPNOTSUPP",
			name);
	else
		tst_res(TFAIL, "fallocate(%s) succeeded, expected EOPNOTSUPP "
			"(fix the table if %s gained it)", name, tst_fs_type);
	SAFE_FSTAT(pfd, &st);
	memset(data, 0, sizeof(data));
	SAFE_PREAD(1, pfd, data, sizeof(data), 2 * unit);
	TST_EXP_EXPR(st.st_size == (off_t)(2 * unit + sizeof(data)) &&
		     data[0] == 0x5a && data[63] == 0x5a,
		     "the file is as it was after fallocate(%s)", name);
	SAFE_CLOSE(pfd);
	SAFE_UNLINK("probe");
}

/* fallocate() or copy_file_range() on the probe file: EINVAL, unchanged */
static void einval_once(int pfd, long ret, const char *what)
{
	unsigned char b = 0;
	struct stat st;

	if (ret == -1 && errno == EINVAL)
		tst_res(TPASS, "%s: EINVAL", what);
	else if (ret == -1)
		tst_res(TFAIL | TERRNO, "%s, expected EINVAL", what);
	else
		tst_res(TFAIL, "%s returned %ld, expected EINVAL", what, ret);
	SAFE_FSTAT(pfd, &st);
	SAFE_PREAD(1, pfd, &b, 1, 3 * unit);
	TST_EXP_EXPR(st.st_size == (off_t)(4 * unit) && b == 0x5a,
		     "%s: the file is as it was (size %lld)", what,
		     (long long)st.st_size);
}

/*
 * The error paths of the shifting modes and of a copy within one file,
 * once each, on a file of 4 allocation units: a range not on the unit, a
 * collapse reaching EOF, an insert at EOF, overlapping copy ranges. The
 * random mix runs them too, now and then.
 */
static void probe_einval(void)
{
	unsigned char data[256];
	loff_t in = 0, out = unit / 2;
	struct stat st;
	size_t off;
	int pfd;

	pfd = SAFE_OPEN("probe", O_CREAT | O_RDWR | O_TRUNC, 0644);
	memset(data, 0x5a, sizeof(data));
	for (off = 0; off < 4 * unit; off += sizeof(data))
		SAFE_PWRITE(1, pfd, data, sizeof(data), off);
	if (!(caps->lacks & M_COLLAPSE)) {
		einval_once(pfd, fallocate(pfd, FALLOC_FL_COLLAPSE_RANGE, 1,
					   unit), "COLLAPSE_RANGE at offset 1");
		einval_once(pfd, fallocate(pfd, FALLOC_FL_COLLAPSE_RANGE, 0,
					   unit + 1), "COLLAPSE_RANGE of unit + 1 bytes");
	}
	if (!(caps->lacks & M_INSERT)) {
		einval_once(pfd, fallocate(pfd, FALLOC_FL_INSERT_RANGE, 1,
					   unit), "INSERT_RANGE at offset 1");
		einval_once(pfd, fallocate(pfd, FALLOC_FL_INSERT_RANGE, 0,
					   unit + 1), "INSERT_RANGE of unit + 1 bytes");
		einval_once(pfd, fallocate(pfd, FALLOC_FL_INSERT_RANGE, 4 * unit,
					   unit), "INSERT_RANGE at EOF");
	}
	einval_once(pfd, copy_file_range(pfd, &in, pfd, &out, unit, 0),
		    "copy_file_range() of overlapping ranges of one file");
	if (!(caps->lacks & M_COLLAPSE) && !caps->collapse_eof_truncates) {
		einval_once(pfd, fallocate(pfd, FALLOC_FL_COLLAPSE_RANGE,
					   2 * unit, 2 * unit),
			    "COLLAPSE_RANGE reaching EOF");
	} else if (!(caps->lacks & M_COLLAPSE)) {
		TST_EXP_PASS(fallocate(pfd, FALLOC_FL_COLLAPSE_RANGE, 2 * unit,
				       2 * unit), "COLLAPSE_RANGE reaching EOF");
		SAFE_FSTAT(pfd, &st);
		TST_EXP_EXPR(st.st_size == (off_t)(2 * unit),
			     "%s truncates at the offset instead (size %lld)",
			     tst_fs_type, (long long)st.st_size);
	}
	SAFE_CLOSE(pfd);
	SAFE_UNLINK("probe");
}

static void probe_dio(void)
{
	int want = !caps->dio_kver[0] ||
		   tst_kvercmp(caps->dio_kver[0], caps->dio_kver[1], 0) >= 0;
	int pfd = open(FNAME, O_RDWR | O_DIRECT);

	if (pfd >= 0) {
		SAFE_CLOSE(pfd);
		if (!want)
			tst_res(TINFO, "%s takes O_DIRECT on this kernel",
				tst_fs_type);
		op_ok[OP_DIOREAD] = op_ok[OP_DIOWRITE] = 1;
		return;
	}
	if (want)
		tst_brk(TFAIL | TERRNO, "open(O_DIRECT) on %s", tst_fs_type);
	if (errno == EINVAL)
		tst_res(TPASS, "open(O_DIRECT): EINVAL, %s has no direct I/O "
			"before %d.%d", tst_fs_type, caps->dio_kver[0],
			caps->dio_kver[1]);
	else
		tst_res(TFAIL | TERRNO, "open(O_DIRECT), expected EINVAL");
}

static void setup(void)
{
	unsigned long rnd_seed;
	struct statfs sf;
	struct stat st;
	unsigned int i;
	int tfd;

	if (!tst_fs_type || !strcmp(tst_fs_type, "tmpdir"))
		tst_brk(TCONF, "only on the matrix: what each filesystem has "
			"is a table");
	for (i = 0; i < ARRAY_SIZE(caps_table); i++) {
		if (fs_is(caps_table[i].fs))
			caps = &caps_table[i];
	}
	if (!caps)
		tst_brk(TBROK, "%s is not in the table", tst_fs_type);
	if (getrandom(&rnd_seed, sizeof(rnd_seed), 0) != sizeof(rnd_seed))
		rnd_seed = time(NULL) ^ getpid();
	seed0 = tst_env_ulong("LTP_FSX_SEED", rnd_seed % 1000000000);
	nops = tst_env_ulong("LTP_FSX_OPS", DEFAULT_OPS);
	pollute = tst_env_ulong("LTP_FSX_EOF_POLLUTE", 0);
	snprintf(mnt_abs, sizeof(mnt_abs), "%s/" MNT, tst_tmpdir_path);

	page = sysconf(_SC_PAGESIZE);
	model = SAFE_MALLOC(MAX_FILE + 2 * MAX_IO);
	buf = SAFE_MALLOC(MAX_FILE + 2 * MAX_IO);
	dio_buf = aligned_alloc(DIO_ALIGN, MAX_IO);
	if (!dio_buf)
		tst_brk(TBROK, "aligned_alloc()");
	memset(model, 0, MAX_FILE + 2 * MAX_IO);

	tfd = SAFE_OPEN(FNAME, O_CREAT | O_RDWR | O_TRUNC, 0644);
	SAFE_FSTAT(tfd, &st);
	if (fstatfs(tfd, &sf))
		tst_brk(TBROK | TERRNO, "fstatfs()");
	SAFE_CLOSE(tfd);
	/* collapse and insert work on allocation units (ntfs3: clusters) */
	unit = st.st_blksize > sf.f_bsize ? st.st_blksize : sf.f_bsize;

	for (i = 0; i < NOPS; i++)
		op_ok[i] = i != OP_DIOREAD && i != OP_DIOWRITE;
	probe_lacking(M_ALLOC, 0, "mode 0");
	probe_lacking(M_ALLOC, FALLOC_FL_KEEP_SIZE, "KEEP_SIZE");
	probe_lacking(M_PUNCH, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
		      "PUNCH_HOLE");
	probe_lacking(M_ZERO, FALLOC_FL_ZERO_RANGE, "ZERO_RANGE");
	probe_lacking(M_COLLAPSE, FALLOC_FL_COLLAPSE_RANGE, "COLLAPSE_RANGE");
	probe_lacking(M_INSERT, FALLOC_FL_INSERT_RANGE, "INSERT_RANGE");
	op_ok[OP_FALLOC] = !(caps->lacks & M_ALLOC);
	op_ok[OP_PUNCH] = !(caps->lacks & M_PUNCH);
	op_ok[OP_ZERO] = !(caps->lacks & M_ZERO);
	op_ok[OP_COLLAPSE] = !(caps->lacks & M_COLLAPSE);
	op_ok[OP_INSERT] = !(caps->lacks & M_INSERT);
	probe_einval();
	probe_dio();

	tst_res(TINFO, "%s: allocation unit %zu%s", tst_fs_type, unit,
		pollute ? ", EOF page polluted" : "");
}

static void cleanup(void)
{
	if (fd >= 0)
		close(fd);
	if (dio_fd >= 0)
		close(dio_fd);
}

static void run(void)
{
	long long start = tst_mono_ms();
	long long budget = BUDGET_MS * tst_timeout_mul();
	char summary[512];
	size_t len = 0;
	unsigned int i;

	/* each iteration (-i) from a fresh empty file and the next seed */
	seed = seed0 + tst_iteration;
	rng = seed;
	if (fd >= 0)
		close_file();
	fd = SAFE_OPEN(FNAME, O_CREAT | O_RDWR | O_TRUNC, 0644);
	SAFE_CLOSE(fd);
	memset(model, 0, MAX_FILE + 2 * MAX_IO);
	msize = 0;
	failed = 0;
	einval_count = 0;
	resident_noops = 0;
	memset(op_count, 0, sizeof(op_count));
	memset(oplog, 0, sizeof(oplog));
	tst_res(TINFO, "seed %lu, %lu operations (replay: LTP_FSX_SEED=%lu "
		"LTP_FSX_OPS=%lu LTP_SINGLE_FS_TYPE=%s fsx01)", seed, nops,
		seed, nops, tst_fs_type);
	open_file();
	for (op_no = 1; op_no <= nops && !failed; op_no++) {
		enum op op = pick_op();

		op_count[op]++;
		if (run_op(op) || check_size())
			break;
		if (!(op_no % DROP_EVERY)) {
			if (verify_dropped())
				break;
		} else if (!(op_no % CHECK_EVERY) && verify_all("periodic check")) {
			break;
		}
		if (!(op_no % 16) && tst_mono_ms() - start > budget) {
			tst_res(TINFO, "time budget of %lld ms spent", budget);
			op_no++;
			break;
		}
	}
	op_no--;
	if (failed)
		return;
	for (i = 0; i < NOPS; i++) {
		if (op_ok[i])
			len += snprintf(summary + len, sizeof(summary) - len,
					"%s%s %lu", len ? ", " : "",
					op_names[i], op_count[i]);
	}
	tst_res(TINFO, "%lu operations in %lld ms (%lu EINVAL as expected): %s",
		op_no, tst_mono_ms() - start, einval_count, summary);
	if (resident_noops)
		tst_res(TINFO, "%s: %lu collapses of a resident file returned 0 "
			"and changed nothing (known ntfs3 issue)", tst_fs_type,
			resident_noops);
	if (verify_all("after the operations") || remount())
		return;
	tst_res(TPASS, "%lu operations, file of %zu bytes matches the model "
		"before and after %s", op_no, msize,
		tst_device ? "umount and mount" : "dropping the cache");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
	.mntpoint = MNT,
};
