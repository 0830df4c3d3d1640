// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Randomized file system operations against an in-memory model.
 *
 * From a seed ($LTP_FS_SEED, else random; always printed so a failure can
 * be replayed) the test runs up to $LTP_FS_OPS (default 3000) random
 * operations on the test's freshly made file system: create, write at a
 * random offset (each byte derived from the inode, the write's number and
 * the offset), truncate up and down, rename of files (also over an
 * existing file, also between two links of one inode) and of directories
 * (also onto an empty one; onto a non-empty one it must fail with
 * ENOTEMPTY or EEXIST), link, unlink, mkdir, rmdir (of a non-empty
 * directory: ENOTEMPTY), fsync, fdatasync, and fallocate: allocate past
 * EOF (size grows, zeros), KEEP_SIZE, and punch hole (zeros, size kept).
 * Every call must succeed, or fail with exactly the errno the model
 * predicts.
 *
 * Then a verify pass walks the tree: each directory lists exactly the
 * names the model holds, every file has the model's size, content and
 * link count, and all names of one inode share its inode number. The file
 * system is then unmounted and mounted again and verified once more (the
 * same inode numbers too): a write, truncate, hole punch or directory
 * change the kernel acknowledged but did not write back shows there.
 *
 * The file system is $LTP_DEV_FS_TYPE (ext4 by default); runtest/fs runs
 * it on ext4, xfs and btrfs. TCONF when the kernel or mkfs lacks it.
 *
 * It catches classes of bugs rather than one fix: writes, truncates and
 * hole punches lost on writeback or mis-ordered against each other,
 * rename over a second link of the same inode dropping a link, link
 * counts not written back, directory renames losing entries.
 */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mount.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <linux/falloc.h>
#include "tst_test.h"

#define MNTPOINT	"mntpoint"
#define ROOT		MNTPOINT "/work"
#define NDIRS		5		/* 0 is ROOT itself, 1.. are ROOT/dN */
#define NNAMES		8		/* fN in each directory */
#define MAX_INODES	(NDIRS * NNAMES)
#define MAX_SIZE	(256 * 1024)
#define MAX_IO		(48 * 1024)
#define DEFAULT_OPS	3000
#define BUDGET_SECS	15

enum op {
	OP_CREATE, OP_WRITE, OP_WRITE2, OP_TRUNCATE, OP_RENAME, OP_LINK,
	OP_UNLINK, OP_MKDIR, OP_RMDIR, OP_RENAME_DIR, OP_FSYNC, OP_FALLOC,
	OP_PUNCH, NOPS
};

static const char *const op_names[NOPS] = {
	"create", "write", "write", "truncate", "rename", "link", "unlink",
	"mkdir", "rmdir", "rename dir", "fsync", "fallocate", "punch hole",
};

struct inode {
	int used;
	unsigned int nlink;
	size_t size;
	unsigned char *data;	/* MAX_SIZE bytes */
	ino_t ino;		/* st_ino seen by the first verify; 0: none */
};

/* The model: dir_exists[d], and ent[d][n] = inode index or -1. */
static int dir_exists[NDIRS];
static int ent[NDIRS][NNAMES];
static struct inode inodes[MAX_INODES];

static uint64_t rng_state;
static unsigned long seed;
static unsigned long nops, op_no;
static unsigned long writes;
static int falloc_ok = 1, punch_ok = 1;
static unsigned int op_count[NOPS];
static char mnt_path[PATH_MAX];

static uint64_t rnd(void)
{
	/* xorshift64*: the same sequence on every libc */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ULL;
}

static unsigned int rnd_below(unsigned int n)
{
	return rnd() % n;
}

static uint8_t pattern(unsigned int ino, unsigned long wr, size_t off)
{
	uint64_t h = (seed + 1) * 0x9e3779b97f4a7c15ULL ^ (uint64_t)ino << 48 ^
		     (uint64_t)wr << 24 ^ off;

	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 32;
	return h;
}

static void path_of(char *buf, size_t len, int d, int n)
{
	if (n < 0)
		snprintf(buf, len, ROOT "/d%d", d);
	else if (!d)
		snprintf(buf, len, ROOT "/f%d", n);
	else
		snprintf(buf, len, ROOT "/d%d/f%d", d, n);
}

/* A failure of an operation the model predicted: name it for replay. */
#define OP_FAIL(fmt, ...) tst_brk(TFAIL, "seed %lu op %lu: " fmt, seed, \
				  op_no, ##__VA_ARGS__)

static int alloc_inode(void)
{
	int i;

	for (i = 0; i < MAX_INODES; i++) {
		if (!inodes[i].used) {
			inodes[i].used = 1;
			inodes[i].nlink = 1;
			inodes[i].size = 0;
			inodes[i].ino = 0;
			memset(inodes[i].data, 0, MAX_SIZE);
			return i;
		}
	}
	return -1;
}

static void drop_link(int i)
{
	if (--inodes[i].nlink == 0)
		inodes[i].used = 0;
}

/* Pick a random existing or free entry; 0 when there is none. */
static int pick_entry(int want_file, int *d, int *n)
{
	int cand[NDIRS * NNAMES][2], c = 0, i, j;

	for (i = 0; i < NDIRS; i++) {
		if (!dir_exists[i])
			continue;
		for (j = 0; j < NNAMES; j++) {
			if ((ent[i][j] >= 0) == want_file) {
				cand[c][0] = i;
				cand[c][1] = j;
				c++;
			}
		}
	}
	if (!c)
		return 0;
	c = rnd_below(c);
	*d = cand[c][0];
	*n = cand[c][1];
	return 1;
}

static int pick_dir(int want_exist)
{
	int cand[NDIRS], c = 0, i;

	for (i = 1; i < NDIRS; i++) {
		if (dir_exists[i] == want_exist)
			cand[c++] = i;
	}
	return c ? cand[rnd_below(c)] : -1;
}

static int dir_empty(int d)
{
	int n;

	for (n = 0; n < NNAMES; n++) {
		if (ent[d][n] >= 0)
			return 0;
	}
	return 1;
}

static int open_entry(int d, int n, int flags)
{
	char path[PATH_MAX];
	int fd;

	path_of(path, sizeof(path), d, n);
	fd = open(path, flags);
	if (fd < 0)
		OP_FAIL("open(%s) failed: %s", path, tst_strerrno(errno));
	return fd;
}

static void set_size(struct inode *in, size_t size)
{
	if (size < in->size)
		memset(in->data + size, 0, in->size - size);
	in->size = size;
}

static void do_create(void)
{
	char path[PATH_MAX];
	int d, n, i, fd;

	if (!pick_entry(0, &d, &n))
		return;
	i = alloc_inode();
	if (i < 0)
		return;
	path_of(path, sizeof(path), d, n);
	fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
	if (fd < 0)
		OP_FAIL("open(%s, O_CREAT | O_EXCL) failed: %s", path,
			tst_strerrno(errno));
	close(fd);
	ent[d][n] = i;
}

static void do_write(void)
{
	static unsigned char buf[MAX_IO];
	struct inode *in;
	size_t off, len, k;
	ssize_t ret;
	int d, n, fd;

	if (!pick_entry(1, &d, &n))
		return;
	in = &inodes[ent[d][n]];
	off = rnd_below(MAX_SIZE - 1);
	/* mostly near the data, sometimes far past EOF (a hole) */
	if (rnd_below(4) && off > in->size)
		off = rnd_below(in->size + 1);
	len = 1 + rnd_below(MAX_IO);
	if (off + len > MAX_SIZE)
		len = MAX_SIZE - off;
	writes++;
	for (k = 0; k < len; k++)
		buf[k] = pattern(ent[d][n], writes, off + k);
	fd = open_entry(d, n, O_WRONLY);
	ret = pwrite(fd, buf, len, off);
	if (ret != (ssize_t)len)
		OP_FAIL("pwrite(d%d/f%d, %zu bytes at %zu) returned %zd: %s",
			d, n, len, off, ret, tst_strerrno(errno));
	close(fd);
	memcpy(in->data + off, buf, len);
	if (off + len > in->size)
		in->size = off + len;
}

static void do_truncate(void)
{
	char path[PATH_MAX];
	size_t size;
	int d, n;

	if (!pick_entry(1, &d, &n))
		return;
	size = rnd_below(MAX_SIZE + 1);
	if (rnd_below(2))
		size = rnd_below(inodes[ent[d][n]].size + 1);
	path_of(path, sizeof(path), d, n);
	if (truncate(path, size))
		OP_FAIL("truncate(%s, %zu) failed: %s", path, size,
			tst_strerrno(errno));
	set_size(&inodes[ent[d][n]], size);
}

static void do_rename(void)
{
	char from[PATH_MAX], to[PATH_MAX];
	int d, n, d2, n2;

	if (!pick_entry(1, &d, &n))
		return;
	/* any name: a free one, or a file that gets replaced */
	d2 = rnd_below(NDIRS);
	if (!dir_exists[d2])
		d2 = 0;
	n2 = rnd_below(NNAMES);
	path_of(from, sizeof(from), d, n);
	path_of(to, sizeof(to), d2, n2);
	if (rename(from, to))
		OP_FAIL("rename(%s, %s) failed: %s", from, to,
			tst_strerrno(errno));
	if (d == d2 && n == n2)
		return;
	/* two links of one inode: rename does nothing (rename(2)) */
	if (ent[d2][n2] == ent[d][n])
		return;
	if (ent[d2][n2] >= 0)
		drop_link(ent[d2][n2]);
	ent[d2][n2] = ent[d][n];
	ent[d][n] = -1;
}

static void do_link(void)
{
	char from[PATH_MAX], to[PATH_MAX];
	int d, n, d2, n2;

	if (!pick_entry(1, &d, &n))
		return;
	if (!pick_entry(0, &d2, &n2))
		return;
	path_of(from, sizeof(from), d, n);
	path_of(to, sizeof(to), d2, n2);
	if (link(from, to))
		OP_FAIL("link(%s, %s) failed: %s", from, to,
			tst_strerrno(errno));
	ent[d2][n2] = ent[d][n];
	inodes[ent[d][n]].nlink++;
}

static void do_unlink(void)
{
	char path[PATH_MAX];
	int d, n;

	if (!pick_entry(1, &d, &n))
		return;
	path_of(path, sizeof(path), d, n);
	if (unlink(path))
		OP_FAIL("unlink(%s) failed: %s", path, tst_strerrno(errno));
	drop_link(ent[d][n]);
	ent[d][n] = -1;
}

static void do_mkdir(void)
{
	char path[PATH_MAX];
	int d = pick_dir(0);

	if (d < 0)
		return;
	path_of(path, sizeof(path), d, -1);
	if (mkdir(path, 0755))
		OP_FAIL("mkdir(%s) failed: %s", path, tst_strerrno(errno));
	dir_exists[d] = 1;
}

static void do_rmdir(void)
{
	char path[PATH_MAX];
	int d = pick_dir(1);

	if (d < 0)
		return;
	path_of(path, sizeof(path), d, -1);
	if (!dir_empty(d)) {
		if (!rmdir(path))
			OP_FAIL("rmdir(%s) of a non-empty directory succeeded",
				path);
		if (errno != ENOTEMPTY)
			OP_FAIL("rmdir(%s) of a non-empty directory failed "
				"with %s, expected ENOTEMPTY", path,
				tst_strerrno(errno));
		return;
	}
	if (rmdir(path))
		OP_FAIL("rmdir(%s) failed: %s", path, tst_strerrno(errno));
	dir_exists[d] = 0;
}

static void do_rename_dir(void)
{
	char from[PATH_MAX], to[PATH_MAX];
	int d = pick_dir(1), d2 = 1 + rnd_below(NDIRS - 1), n;

	if (d < 0 || d == d2)
		return;
	path_of(from, sizeof(from), d, -1);
	path_of(to, sizeof(to), d2, -1);
	if (dir_exists[d2] && !dir_empty(d2)) {
		if (!rename(from, to))
			OP_FAIL("rename(%s, %s) onto a non-empty directory "
				"succeeded", from, to);
		if (errno != ENOTEMPTY && errno != EEXIST)
			OP_FAIL("rename(%s, %s) onto a non-empty directory "
				"failed with %s, expected ENOTEMPTY or EEXIST",
				from, to, tst_strerrno(errno));
		return;
	}
	if (rename(from, to))
		OP_FAIL("rename(%s, %s) failed: %s", from, to,
			tst_strerrno(errno));
	for (n = 0; n < NNAMES; n++) {
		ent[d2][n] = ent[d][n];
		ent[d][n] = -1;
	}
	dir_exists[d2] = 1;
	dir_exists[d] = 0;
}

static void do_fsync(void)
{
	int d, n, fd, ret;

	if (!pick_entry(1, &d, &n))
		return;
	fd = open_entry(d, n, O_RDWR);
	ret = rnd_below(2) ? fsync(fd) : fdatasync(fd);
	if (ret)
		OP_FAIL("fsync/fdatasync(d%d/f%d) failed: %s", d, n,
			tst_strerrno(errno));
	close(fd);
}

static void do_falloc(int punch)
{
	struct inode *in;
	size_t off, len;
	int d, n, fd, mode;

	if ((punch && !punch_ok) || (!punch && !falloc_ok))
		return;
	if (!pick_entry(1, &d, &n))
		return;
	in = &inodes[ent[d][n]];
	off = rnd_below(MAX_SIZE - 1);
	if (punch || rnd_below(2))
		off = rnd_below(in->size + 1);
	len = 1 + rnd_below(MAX_IO);
	if (off + len > MAX_SIZE)
		len = MAX_SIZE - off;
	if (punch)
		mode = FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE;
	else
		mode = rnd_below(2) ? FALLOC_FL_KEEP_SIZE : 0;
	fd = open_entry(d, n, O_RDWR);
	if (fallocate(fd, mode, off, len))
		OP_FAIL("fallocate(d%d/f%d, mode 0x%x, %zu, %zu) failed: %s",
			d, n, mode, off, len, tst_strerrno(errno));
	close(fd);
	if (punch) {
		if (off < in->size)
			memset(in->data + off, 0,
			       (off + len > in->size ? in->size : off + len)
			       - off);
	} else if (!(mode & FALLOC_FL_KEEP_SIZE) && off + len > in->size) {
		in->size = off + len;
	}
}

/* Probe fallocate support once, on a scratch file. */
static void probe_falloc(void)
{
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), MNTPOINT "/probe");
	fd = SAFE_OPEN(path, O_CREAT | O_RDWR, 0644);
	if (fallocate(fd, 0, 0, 4096)) {
		if (errno != EOPNOTSUPP)
			tst_brk(TBROK | TERRNO, "fallocate probe");
		tst_res(TINFO, "%s: no fallocate, not exercised",
			tst_device->fs_type);
		falloc_ok = 0;
	}
	if (fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0,
		      4096)) {
		if (errno != EOPNOTSUPP)
			tst_brk(TBROK | TERRNO, "punch hole probe");
		tst_res(TINFO, "%s: no hole punching, not exercised",
			tst_device->fs_type);
		punch_ok = 0;
	}
	SAFE_CLOSE(fd);
	SAFE_UNLINK(path);
}

static void do_falloc_op(void)
{
	do_falloc(0);
}

static void do_punch_op(void)
{
	do_falloc(1);
}

static void (*const op_fns[NOPS])(void) = {
	[OP_CREATE] = do_create,
	[OP_WRITE] = do_write,
	[OP_WRITE2] = do_write,
	[OP_TRUNCATE] = do_truncate,
	[OP_RENAME] = do_rename,
	[OP_LINK] = do_link,
	[OP_UNLINK] = do_unlink,
	[OP_MKDIR] = do_mkdir,
	[OP_RMDIR] = do_rmdir,
	[OP_RENAME_DIR] = do_rename_dir,
	[OP_FSYNC] = do_fsync,
	[OP_FALLOC] = do_falloc_op,
	[OP_PUNCH] = do_punch_op,
};

static void do_op(enum op op)
{
	op_count[op]++;
	op_fns[op]();
}

/* Names in directory path other than . and .. must be exactly expect. */
static int check_listing(const char *path, const char *const *expect,
			 int nexpect, const char *when)
{
	int seen[NDIRS + NNAMES] = { 0 }, i, ok = 1;
	struct dirent *de;
	DIR *dir = opendir(path);

	if (!dir) {
		tst_res(TFAIL | TERRNO, "%s: opendir(%s)", when, path);
		return 0;
	}
	while ((de = readdir(dir))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		for (i = 0; i < nexpect; i++) {
			if (!strcmp(de->d_name, expect[i]))
				break;
		}
		if (i == nexpect) {
			tst_res(TFAIL, "%s: %s holds '%s', which the model "
				"does not have", when, path, de->d_name);
			ok = 0;
		} else if (seen[i]++) {
			tst_res(TFAIL, "%s: %s lists '%s' twice", when, path,
				de->d_name);
			ok = 0;
		}
	}
	closedir(dir);
	for (i = 0; i < nexpect; i++) {
		if (!seen[i]) {
			tst_res(TFAIL, "%s: %s lacks '%s'", when, path,
				expect[i]);
			ok = 0;
		}
	}
	return ok;
}

static const char *const fnames[NNAMES] = {
	"f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7"
};
static const char *const dnames[NDIRS] = { "d0", "d1", "d2", "d3", "d4" };

static int check_file(int d, int n, const char *when, int check_ino)
{
	static unsigned char buf[MAX_SIZE + 1];
	struct inode *in = &inodes[ent[d][n]];
	char path[PATH_MAX];
	struct stat st;
	ssize_t got;
	size_t k;
	int fd;

	path_of(path, sizeof(path), d, n);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "%s: open(%s)", when, path);
		return 0;
	}
	SAFE_FSTAT(fd, &st);
	if ((size_t)st.st_size != in->size || st.st_nlink != in->nlink) {
		tst_res(TFAIL, "%s: %s has size %lld and %lu links, "
			"expected %zu and %u", when, path,
			(long long)st.st_size, (unsigned long)st.st_nlink,
			in->size, in->nlink);
		close(fd);
		return 0;
	}
	if (in->ino && st.st_ino != in->ino) {
		tst_res(TFAIL, "%s: %s is inode %lu, expected %lu (%s)",
			when, path, (unsigned long)st.st_ino,
			(unsigned long)in->ino, check_ino ?
			"as before the remount" : "as its other link");
		close(fd);
		return 0;
	}
	in->ino = st.st_ino;
	got = pread(fd, buf, sizeof(buf), 0);
	close(fd);
	if (got != (ssize_t)in->size) {
		tst_res(TFAIL | TERRNO, "%s: read of %s returned %zd, "
			"expected %zu", when, path, got, in->size);
		return 0;
	}
	for (k = 0; k < in->size; k++) {
		if (buf[k] != in->data[k]) {
			tst_res(TFAIL, "%s: %s byte %zu is 0x%02x, expected "
				"0x%02x (size %zu)", when, path, k, buf[k],
				in->data[k], in->size);
			return 0;
		}
	}
	return 1;
}

static void verify(const char *when, int keep_ino)
{
	const char *expect[NDIRS + NNAMES];
	char path[PATH_MAX];
	int d, n, c, ok = 1, files = 0, i;

	if (!keep_ino) {
		for (i = 0; i < MAX_INODES; i++)
			inodes[i].ino = 0;
	}
	for (d = 0; d < NDIRS; d++) {
		if (!dir_exists[d])
			continue;
		c = 0;
		if (!d) {
			for (i = 1; i < NDIRS; i++) {
				if (dir_exists[i])
					expect[c++] = dnames[i];
			}
		}
		for (n = 0; n < NNAMES; n++) {
			if (ent[d][n] >= 0)
				expect[c++] = fnames[n];
		}
		path_of(path, sizeof(path), d, -1);
		if (!d)
			snprintf(path, sizeof(path), ROOT);
		ok &= check_listing(path, expect, c, when);
		for (n = 0; n < NNAMES; n++) {
			if (ent[d][n] < 0)
				continue;
			files++;
			ok &= check_file(d, n, when, keep_ino);
		}
	}
	if (ok)
		tst_res(TPASS, "%s: %d names match the model (sizes, "
			"contents, link counts, inode numbers)", when, files);
	else
		tst_res(TINFO, "replay with LTP_FS_SEED=%lu LTP_FS_OPS=%lu",
			seed, nops);
}

static void remount(void)
{
	SAFE_UMOUNT(mnt_path);
	SAFE_MOUNT(tst_device->dev, mnt_path, tst_device->fs_type, 0, NULL);
}

static void setup(void)
{
	unsigned long rnd_seed;
	int i;

	if (getrandom(&rnd_seed, sizeof(rnd_seed), 0) != sizeof(rnd_seed))
		rnd_seed = time(NULL) ^ getpid();
	seed = tst_env_ulong("LTP_FS_SEED", rnd_seed % 1000000000);
	nops = tst_env_ulong("LTP_FS_OPS", DEFAULT_OPS);
	tst_res(TINFO, "%s, seed %lu, %lu operations (replay: LTP_FS_SEED=%lu"
		" LTP_FS_OPS=%lu LTP_DEV_FS_TYPE=%s)", tst_device->fs_type,
		seed, nops, seed, nops, tst_device->fs_type);
	for (i = 0; i < MAX_INODES; i++)
		inodes[i].data = SAFE_MALLOC(MAX_SIZE);
	memset(ent, -1, sizeof(ent));
	snprintf(mnt_path, sizeof(mnt_path), "%s/" MNTPOINT, tst_tmpdir_path);
	SAFE_MKDIR(ROOT, 0755);
	dir_exists[0] = 1;
	probe_falloc();
}

static void run(void)
{
	struct timespec start, now;
	long budget = BUDGET_SECS * tst_timeout_mul();
	char summary[512];
	size_t len = 0;
	int i;

	rng_state = seed * 2 + 1;
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (op_no = 1; op_no <= nops; op_no++) {
		do_op(rnd_below(NOPS));
		if (op_no % 64)
			continue;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec - start.tv_sec >= budget) {
			tst_res(TINFO, "time budget of %ld s spent after %lu "
				"operations", budget, op_no);
			break;
		}
	}
	for (i = 0; i < NOPS; i++)
		len += snprintf(summary + len, sizeof(summary) - len, "%s%s %u",
				i ? ", " : "", op_names[i], op_count[i]);
	tst_res(TINFO, "ran %s", summary);

	verify("after the operations", 0);
	remount();
	verify("after umount and mount", 1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.mount_device = 1,
	.mntpoint = MNTPOINT,
	.dev_min_size_mb = 512,
	.timeout = 120,
};
