// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2026-64600 ("RefluXFS"): an O_DIRECT write to a reflinked XFS
 * file looks up the file's data fork mapping under the ILOCK, then
 * xfs_reflink_allocate_cow() drops the lock to get a transaction and asks
 * again whether the block of the mapping it sampled is still shared. A
 * second O_DIRECT writer of the same clone that completes a whole
 * copy-on-write in that window leaves the old block owned by the source
 * file alone (refcount 1): the first writer sees "not shared" and writes
 * in place, into the block of the source file. Anyone who may read a
 * file and write a clone of it could change the file on disk. Fixed by
 * 2f4acd0fcd86 ("xfs: resample the data fork mapping after cycling
 * ILOCK"); the race came with 3c68d44a2b49 (4.11).
 *
 * On a fresh XFS with reflink=1, a one-block source file of 'A':
 *  - control: FICLONE to a new file and one O_DIRECT write of 'X' to the
 *    clone's first block; the clone reads 'X', the source (read with
 *    O_DIRECT, bypassing its page cache) still 'A';
 *  - the race, for 2 s times LTP_TIMEOUT_MUL (at most 20000 rounds):
 *    the clone is made again from the source, and two threads, released
 *    together by a shared counter, each write the clone's first block
 *    with O_DIRECT ('X' and 'Y'); after each round the source, read with
 *    O_DIRECT, must be all 'A', and the clone all 'X' or all 'Y';
 *  - no new W or D taint.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <linux/fs.h>
#include "tst_test.h"

#define MNT		"mnt"
#define SOURCE		MNT "/source"
#define CLONE		MNT "/clone"
#define MAX_ROUNDS	20000

static char *src_buf, *buf_x, *buf_y, *rbuf;
static int src_fd = -1, src_dio = -1;
static size_t blksize;
static volatile int go, done, stop, thread_err;
static int thr_fd = -1;

static void make_clone(void)
{
	int fd = SAFE_OPEN(CLONE, O_RDWR | O_CREAT | O_TRUNC, 0600);

	/*
	 * The test made this XFS with reflink=1 and the kernel mounted it
	 * read-write (a kernel without reflink refuses that ro-compat
	 * feature), so FICLONE must work: a refusal is the kernel's fault.
	 */
	if (ioctl(fd, FICLONE, src_fd))
		tst_brk(TFAIL | TERRNO, "ioctl(FICLONE) on an XFS made with "
			"reflink=1");
	SAFE_CLOSE(fd);
}

static int all_of(const char *buf, char c)
{
	size_t i;

	for (i = 0; i < blksize; i++)
		if (buf[i] != c)
			return 0;
	return 1;
}

static int source_intact(const char *when)
{
	if (pread(src_dio, rbuf, blksize, 0) != (ssize_t)blksize)
		tst_brk(TBROK | TERRNO, "pread(source, O_DIRECT)");
	if (all_of(rbuf, 'A'))
		return 1;
	tst_res(TFAIL, "%s: the source file's block on disk changed "
		"(first byte '%c'): a write to its clone landed in it", when,
		rbuf[0]);
	return 0;
}

static char clone_data(void)
{
	int fd = SAFE_OPEN(CLONE, O_RDONLY | O_DIRECT);

	if (pread(fd, rbuf, blksize, 0) != (ssize_t)blksize)
		tst_brk(TBROK | TERRNO, "pread(clone, O_DIRECT)");
	SAFE_CLOSE(fd);
	if (all_of(rbuf, 'X'))
		return 'X';
	if (all_of(rbuf, 'Y'))
		return 'Y';
	return 0;
}

static void *writer(void *arg)
{
	int seen = 0;

	(void)arg;
	while (!stop) {
		while (go == seen && !stop)
			;
		if (stop)
			break;
		seen = go;
		if (pwrite(thr_fd, buf_y, blksize, 0) != (ssize_t)blksize)
			thread_err = errno ? errno : EIO;
		__sync_fetch_and_add(&done, 1);
	}
	return NULL;
}

static void control(void)
{
	int fd;

	make_clone();
	fd = SAFE_OPEN(CLONE, O_RDWR | O_DIRECT);
	if (pwrite(fd, buf_x, blksize, 0) != (ssize_t)blksize)
		tst_brk(TBROK | TERRNO, "pwrite(clone, O_DIRECT)");
	SAFE_CLOSE(fd);
	if (!source_intact("one O_DIRECT write to a clone"))
		return;
	if (clone_data() == 'X')
		tst_res(TPASS, "one O_DIRECT write to a clone: the clone "
			"reads it, the source is unchanged");
	else
		tst_res(TFAIL, "the clone does not read the block written "
			"to it");
}

static void race(void)
{
	long long end = tst_mono_ms() + 2000 * tst_timeout_mul();
	int rounds = 0, fd, ret, ok = 1;
	pthread_t thr;
	char got;

	stop = 0;
	go = done = 0;
	ret = pthread_create(&thr, NULL, writer, NULL);
	if (ret)
		tst_brk(TBROK, "pthread_create: %s", tst_strerrno(ret));

	while (rounds < MAX_ROUNDS && tst_mono_ms() < end) {
		make_clone();
		fd = SAFE_OPEN(CLONE, O_RDWR | O_DIRECT);
		thr_fd = SAFE_OPEN(CLONE, O_RDWR | O_DIRECT);
		__sync_synchronize();
		go++;
		if (pwrite(fd, buf_x, blksize, 0) != (ssize_t)blksize)
			tst_brk(TBROK | TERRNO, "pwrite(clone, O_DIRECT)");
		while (done != go)
			;
		SAFE_CLOSE(fd);
		SAFE_CLOSE(thr_fd);
		rounds++;
		if (thread_err) {
			tst_res(TFAIL, "the racing O_DIRECT write failed: %s",
				tst_strerrno(thread_err));
			ok = 0;
			break;
		}
		if (!source_intact("two racing O_DIRECT writes to a clone")) {
			ok = 0;
			break;
		}
		got = clone_data();
		if (!got) {
			tst_res(TFAIL, "round %d: the clone's block is neither "
				"writer's data (first byte '%c')", rounds,
				rbuf[0]);
			ok = 0;
			break;
		}
	}
	stop = 1;
	pthread_join(thr, NULL);
	if (ok)
		tst_res(TPASS, "%d rounds of two racing O_DIRECT writers of a "
			"fresh clone: the source stayed 'A', the clone held "
			"one writer's block", rounds);
}

static void run(void)
{
	control();
	race();
}

static void setup(void)
{
	struct stat st;

	SAFE_STAT(MNT, &st);
	blksize = st.st_blksize;
	if (posix_memalign((void **)&src_buf, blksize, blksize) ||
	    posix_memalign((void **)&buf_x, blksize, blksize) ||
	    posix_memalign((void **)&buf_y, blksize, blksize) ||
	    posix_memalign((void **)&rbuf, blksize, blksize))
		tst_brk(TBROK, "posix_memalign(%zu)", blksize);
	memset(src_buf, 'A', blksize);
	memset(buf_x, 'X', blksize);
	memset(buf_y, 'Y', blksize);

	src_fd = SAFE_OPEN(SOURCE, O_RDWR | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, src_fd, src_buf, blksize);
	SAFE_FSYNC(src_fd);
	src_dio = SAFE_OPEN(SOURCE, O_RDONLY | O_DIRECT);
}

static void cleanup(void)
{
	if (src_dio >= 0)
		SAFE_CLOSE(src_dio);
	if (src_fd >= 0)
		SAFE_CLOSE(src_fd);
	free(src_buf);
	free(buf_x);
	free(buf_y);
	free(rbuf);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "xfs",
	.dev_fs_opts = (const char *const []){"-m", "reflink=1", NULL},
	.dev_min_size_mb = 300,
	.needs_fs_type = "xfs",
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "2f4acd0fcd86"},
		{"CVE", "2026-64600"},
		{}
	},
};
