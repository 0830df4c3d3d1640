// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Stores through a MAP_SHARED mapping on a full filesystem (ext4 with
 * 1 KiB blocks, smaller than a page, filled until write() fails with
 * ENOSPC) either get blocks or SIGBUS; none is accepted and then lost:
 * - a store into a hole of a sparse file: SIGBUS;
 * - the page holding EOF, made writable (dirty) while the file was one
 *   block long, then the file grown by ftruncate(): a store into the
 *   page's blocks past the old EOF must fault again and, with no block
 *   free, SIGBUS. A kernel that leaves the page writable accepts the
 *   store and silently drops it at writeback;
 * and afterwards, read from the disk (after a remount), every other byte
 * of the filesystem's files is as written; any store the kernel accepted
 * is there. Run with delayed allocation and with nodelalloc.
 *
 * Catches: d6320cbfc929 ("ext4: fix mmap data corruption when blocksize
 * < pagesize"), 0572639ff66d ("ext4: fix mmap data corruption in
 * nodelalloc mode when blocksize < pagesize").
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include "tst_test.h"

#define MNT "mnt"
#define KEEP MNT "/keep"
#define FILLER MNT "/filler"
#define GROWN MNT "/grown"
#define SPARSE MNT "/sparse"
#define FS_BLOCK 1024
#define KEEP_SIZE (256 * 1024)

static long page;
static unsigned char *keep_data;
static const char *const mount_opts[] = { NULL, "nodelalloc" };

/* shared with the child: which stores it got through */
static volatile unsigned char *accepted;

static void remount(const char *opts)
{
	SAFE_UMOUNT(MNT);
	SAFE_MOUNT(tst_device->dev, MNT, "ext4", 0, opts);
}

/* write() until ENOSPC; again after fsync, until nothing more fits */
static void fill_fs(void)
{
	static char buf[64 * 1024];
	int fd = SAFE_OPEN(FILLER, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	size_t chunk = sizeof(buf);
	ssize_t ret;
	int wrote;

	memset(buf, 'f', sizeof(buf));
	do {
		wrote = 0;
		for (;;) {
			ret = write(fd, buf, chunk);
			if (ret > 0) {
				wrote = 1;
				continue;
			}
			if (errno != ENOSPC)
				tst_brk(TBROK | TERRNO, "write(%s)", FILLER);
			if (chunk == FS_BLOCK)
				break;
			chunk = FS_BLOCK;
		}
		SAFE_FSYNC(fd);
	} while (wrote);
	SAFE_CLOSE(fd);
}

/* which 0: store into the sparse file's hole; 1: into the grown page */
static void child(int which)
{
	char blk[FS_BLOCK];
	char *g, *s;
	long off;
	int fd;

	if (!which) {
		fd = SAFE_OPEN(SPARSE, O_RDWR | O_CREAT | O_TRUNC, 0600);
		SAFE_FTRUNCATE(fd, 4 * page);
		s = SAFE_MMAP(NULL, 4 * page, PROT_READ | PROT_WRITE,
			      MAP_SHARED, fd, 0);
		fill_fs();
		accepted[0] = 1;
		s[page] = 'S';
		accepted[0] = 0xff;
		exit(0);
	}
	fd = SAFE_OPEN(GROWN, O_RDWR | O_CREAT | O_TRUNC, 0600);
	memset(blk, 'g', FS_BLOCK);
	SAFE_WRITE(1, fd, blk, FS_BLOCK);
	SAFE_FSYNC(fd);
	g = SAFE_MMAP(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_SHARED,
		      fd, 0);
	g[0] = 'G';	/* the EOF page is now writable and dirty */
	SAFE_FTRUNCATE(fd, 2 * page);
	fill_fs();
	for (off = FS_BLOCK; off < page; off += FS_BLOCK) {
		accepted[0] = off / FS_BLOCK;
		g[off] = 'Z';
	}
	accepted[0] = 0xff;
	exit(0);
}

/* Each file, read after a remount, holds exactly what was stored. */
static void check_files(int sparse_stored, long grown_stored)
{
	unsigned char *buf = SAFE_MALLOC(KEEP_SIZE);
	int fd, bad = 0;
	long i;

	fd = SAFE_OPEN(KEEP, O_RDONLY);
	SAFE_READ(1, fd, buf, KEEP_SIZE);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!memcmp(buf, keep_data, KEEP_SIZE),
		     "a file written before the fs filled up is intact");

	fd = SAFE_OPEN(GROWN, O_RDONLY);
	SAFE_READ(1, fd, buf, 2 * page);
	SAFE_CLOSE(fd);
	for (i = 0; i < 2 * page; i++) {
		unsigned char exp = 0;

		if (i == 0)
			exp = 'G';
		else if (i < FS_BLOCK)
			exp = 'g';
		else if (i % FS_BLOCK == 0 && i < page &&
			 i / FS_BLOCK <= grown_stored)
			exp = 'Z';
		if (buf[i] != exp) {
			tst_res(TFAIL, "grown file byte %ld is 0x%02x, "
				"expected 0x%02x%s", i, buf[i], exp,
				exp == 'Z' ? " (a store the kernel accepted "
				"was lost)" : "");
			bad = 1;
			break;
		}
	}
	if (!bad)
		tst_res(TPASS, "grown file holds its data and every accepted "
			"store (%ld of %ld)", grown_stored, page / FS_BLOCK - 1);

	fd = SAFE_OPEN(SPARSE, O_RDONLY);
	SAFE_READ(1, fd, buf, 4 * page);
	SAFE_CLOSE(fd);
	for (i = 0, bad = 0; i < 4 * page; i++)
		if (buf[i] != (i == page && sparse_stored ? 'S' : 0))
			bad = 1;
	if (bad)
		tst_res(TFAIL, "sparse file holds bytes nobody stored, or lost"
			" an accepted store");
	else
		tst_res(TPASS, "sparse file holds %s", sparse_stored ?
			"the accepted store" : "only zeros");
	free(buf);
}

static void run(unsigned int n)
{
	long grown_stored = 0, i;
	int status, fd, sparse_stored = 0;
	pid_t pid;

	tst_res(TINFO, "ext4, 1 KiB blocks, %s", n ? "nodelalloc" :
		"delayed allocation");
	remount(mount_opts[n]);
	fd = SAFE_OPEN(KEEP, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, keep_data, KEEP_SIZE);
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);

	/* two children: one sees the hole's SIGBUS, one the grown page's */
	for (i = 0; i < 2; i++) {
		accepted[0] = 0;
		pid = SAFE_FORK();
		if (!pid)
			child(i);
		SAFE_WAITPID(pid, &status, 0);
		if (i == 0) {
			sparse_stored = accepted[0] == 0xff;
			if (WIFSIGNALED(status) && WTERMSIG(status) == SIGBUS &&
			    accepted[0] == 1)
				tst_res(TPASS, "store into a hole: SIGBUS");
			else if (sparse_stored && WIFEXITED(status) &&
				 !WEXITSTATUS(status))
				tst_res(TINFO, "store into a hole accepted "
					"(the kernel found a block)");
			else
				tst_res(TFAIL, "hole store: child status "
					"0x%x", status);
			SAFE_UNLINK(FILLER);
			continue;
		}
		grown_stored = accepted[0] == 0xff ? page / FS_BLOCK - 1 :
			       accepted[0] - 1;
		if (WIFSIGNALED(status) && WTERMSIG(status) == SIGBUS &&
		    accepted[0] == 1)
			tst_res(TPASS, "store past the old EOF in the grown "
				"page: SIGBUS");
		else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGBUS &&
			 accepted[0] && accepted[0] != 0xff)
			tst_res(TINFO, "%ld stores past the old EOF accepted, "
				"then SIGBUS", grown_stored);
		else if (WIFEXITED(status) && !WEXITSTATUS(status) &&
			 accepted[0] == 0xff)
			tst_res(TINFO, "every store past the old EOF accepted "
				"on a full fs: its data must be on disk");
		else
			tst_res(TFAIL, "grown page: child status 0x%x",
				status);
	}
	SAFE_UNLINK(FILLER);
	remount(mount_opts[n]);
	check_files(sparse_stored, grown_stored);
	SAFE_UNLINK(GROWN);
	SAFE_UNLINK(SPARSE);
	SAFE_UNLINK(KEEP);
}

static void setup(void)
{
	long i;

	page = getpagesize();
	if (page <= FS_BLOCK)
		tst_brk(TCONF, "page size %ld is not above the 1 KiB block",
			page);
	keep_data = SAFE_MALLOC(KEEP_SIZE);
	for (i = 0; i < KEEP_SIZE; i++)
		keep_data[i] = (unsigned char)(i * 13 + 1);
	accepted = SAFE_MMAP(NULL, page, PROT_READ | PROT_WRITE,
			     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static void cleanup(void)
{
	/* leave the library a mount with the options it made */
	if (tst_device)
		umount(MNT);
	if (tst_device && mount(tst_device->dev, MNT, "ext4", 0, NULL))
		tst_res(TWARN | TERRNO, "mount %s back", tst_device->dev);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
	.dev_fs_opts = (const char *const[]){ "-b", "1024", "-m", "0", NULL },
	.dev_min_size_mb = 32,
	.timeout = 180,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "d6320cbfc929"},
		{"linux-git", "0572639ff66d"},
		{}
	},
};
