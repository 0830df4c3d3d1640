// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ENOSPC on a full tmpfs, each call with its exact errno and nothing
 * created (the name absent, the free counts unchanged):
 * - a tmpfs with nr_inodes=16 filled with files up to its last inode
 *   (shmem_reserve_inode() refuses the next): mkdir, mkdirat, mknodat of
 *   a FIFO (mknod03 has mknod), symlink and symlinkat with a short target,
 *   openat with O_CREAT and with O_TMPFILE, and renameat2 with
 *   RENAME_WHITEOUT, which needs an inode for the whiteout and so must
 *   fail before it moves anything (the old name stays, the new one does
 *   not appear);
 * - a tmpfs with size=64k filled with one file's data up to its last
 *   page: write, pwrite64 and writev of one byte past the end (the size
 *   stays), and symlink and symlinkat with a target longer than the
 *   128 bytes tmpfs keeps in the inode (it needs a page); a short target
 *   there still works, as does mkdir (no page needed).
 * The mounts are in a private mount namespace of the test process.
 * Syscalls: mkdir, mkdirat, mknodat, symlink, symlinkat, openat,
 * renameat2, write, pwrite64, writev
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/uio.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "mount_ns.h"
#include "lapi/fcntl.h"

#define INO "ino"
#define BLK "blk"
#define MAX_FILL 64

enum kind { INO_FULL, BLK_FULL };

static int ino_fd = -1, blk_fd = -1, full_fd = -1;
static off_t full_size;
static char long_target[200];

static long do_mkdir(void)
{
	return mkdir(INO "/d", 0755);
}

static long do_mkdirat(void)
{
	return mkdirat(ino_fd, "d", 0755);
}

static long do_mknodat(void)
{
	return mknodat(ino_fd, "fifo", S_IFIFO | 0644, 0);
}

static long do_symlink(void)
{
	return symlink("target", INO "/link");
}

static long do_symlinkat(void)
{
	return symlinkat("target", ino_fd, "link");
}

static long do_creat(void)
{
	return openat(ino_fd, "new", O_WRONLY | O_CREAT | O_EXCL, 0644);
}

static long do_tmpfile(void)
{
	return openat(ino_fd, ".", O_TMPFILE | O_RDWR, 0644);
}

static long do_whiteout(void)
{
	return renameat2(ino_fd, "f0", ino_fd, "moved", RENAME_WHITEOUT);
}

static long do_write(void)
{
	return write(full_fd, "x", 1);
}

static long do_pwrite(void)
{
	return pwrite(full_fd, "x", 1, full_size);
}

static long do_writev(void)
{
	struct iovec iov = { .iov_base = "x", .iov_len = 1 };

	return writev(full_fd, &iov, 1);
}

static long do_long_symlink(void)
{
	return symlink(long_target, BLK "/link");
}

static long do_long_symlinkat(void)
{
	return symlinkat(long_target, blk_fd, "link");
}

static struct tcase {
	long (*call)(void);
	enum kind fs;
	const char *name;	/* must not exist after the call */
	const char *desc;
} tcases[] = {
	{ do_mkdir, INO_FULL, "d", "mkdir()" },
	{ do_mkdirat, INO_FULL, "d", "mkdirat()" },
	{ do_mknodat, INO_FULL, "fifo", "mknodat(S_IFIFO)" },
	{ do_symlink, INO_FULL, "link", "symlink() with a short target" },
	{ do_symlinkat, INO_FULL, "link", "symlinkat() with a short target" },
	{ do_creat, INO_FULL, "new", "openat(O_CREAT | O_EXCL)" },
	{ do_tmpfile, INO_FULL, NULL, "openat(O_TMPFILE)" },
	{ do_whiteout, INO_FULL, "moved", "renameat2(RENAME_WHITEOUT)" },
	{ do_write, BLK_FULL, NULL, "write() past the last page" },
	{ do_pwrite, BLK_FULL, NULL, "pwrite64() past the last page" },
	{ do_writev, BLK_FULL, NULL, "writev() past the last page" },
	{ do_long_symlink, BLK_FULL, "link",
	  "symlink() with a 199-byte target" },
	{ do_long_symlinkat, BLK_FULL, "link",
	  "symlinkat() with a 199-byte target" },
};

static int fill_inodes(void)
{
	char name[32];
	int i, fd;

	for (i = 0; i < MAX_FILL; i++) {
		snprintf(name, sizeof(name), "f%d", i);
		fd = openat(ino_fd, name, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0) {
			if (errno != ENOSPC)
				tst_brk(TBROK | TERRNO, "creating %s", name);
			return i;
		}
		SAFE_CLOSE(fd);
	}
	tst_brk(TBROK, "nr_inodes=16 tmpfs took %d files", MAX_FILL);
	return 0;
}

static void fill_blocks(void)
{
	char buf[4096];
	struct stat st;
	ssize_t ret;

	memset(buf, 'a', sizeof(buf));
	full_fd = openat(blk_fd, "full", O_WRONLY | O_CREAT | O_APPEND, 0644);
	if (full_fd < 0)
		tst_brk(TBROK | TERRNO, "creating " BLK "/full");
	do {
		ret = write(full_fd, buf, sizeof(buf));
	} while (ret > 0);
	if (errno != ENOSPC)
		tst_brk(TBROK | TERRNO, "filling " BLK "/full");
	SAFE_FSTAT(full_fd, &st);
	full_size = st.st_size;
	if (full_size % 4096 || !full_size)
		tst_brk(TBROK, BLK "/full filled to %ld bytes",
			(long)full_size);
}

static void setup(void)
{
	int files;

	memset(long_target, 't', sizeof(long_target) - 1);
	mnt_private_ns();
	SAFE_MKDIR(INO, 0755);
	SAFE_MKDIR(BLK, 0755);
	SAFE_MOUNT("tmpfs", INO, "tmpfs", 0, "nr_inodes=16,size=4m");
	SAFE_MOUNT("tmpfs", BLK, "tmpfs", 0, "size=64k");
	ino_fd = SAFE_OPEN(INO, O_RDONLY | O_DIRECTORY);
	blk_fd = SAFE_OPEN(BLK, O_RDONLY | O_DIRECTORY);
	files = fill_inodes();
	fill_blocks();
	tst_res(TINFO, "%d files fill the inodes, %ld bytes the pages", files,
		(long)full_size);
}

static void cleanup(void)
{
	if (full_fd >= 0)
		SAFE_CLOSE(full_fd);
	if (ino_fd >= 0)
		SAFE_CLOSE(ino_fd);
	if (blk_fd >= 0)
		SAFE_CLOSE(blk_fd);
}

static void free_counts(struct statvfs *ino, struct statvfs *blk)
{
	if (fstatvfs(ino_fd, ino) || fstatvfs(blk_fd, blk))
		tst_brk(TBROK | TERRNO, "fstatvfs()");
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	struct statvfs ino0, blk0, ino1, blk1;
	int dfd = tc->fs == INO_FULL ? ino_fd : blk_fd;
	struct stat st;

	free_counts(&ino0, &blk0);
	TST_EXP_FAIL(tc->call(), ENOSPC, "%s on the %s tmpfs", tc->desc,
		     tc->fs == INO_FULL ? "inode-full" : "page-full");
	if (TST_RET >= 0 && tc->call == do_tmpfile)
		SAFE_CLOSE(TST_RET);
	free_counts(&ino1, &blk1);
	TST_EXP_EXPR(ino0.f_ffree == ino1.f_ffree &&
		     blk0.f_bfree == blk1.f_bfree,
		     "free inodes %lu -> %lu, free blocks %lu -> %lu",
		     (unsigned long)ino0.f_ffree, (unsigned long)ino1.f_ffree,
		     (unsigned long)blk0.f_bfree, (unsigned long)blk1.f_bfree);
	if (tc->name) {
		TST_EXP_FAIL(fstatat(dfd, tc->name, &st, AT_SYMLINK_NOFOLLOW),
			     ENOENT, "%s: no %s created", tc->desc, tc->name);
	}
	if (tc->call == do_whiteout) {
		TST_EXP_PASS(fstatat(ino_fd, "f0", &st, AT_SYMLINK_NOFOLLOW),
			     "the old name f0 is still there");
	}
	if (tc->fs == BLK_FULL && !tc->name) {
		SAFE_FSTAT(full_fd, &st);
		TST_EXP_EQ_LI(st.st_size, full_size);
	}
	if (n == sizeof(tcases) / sizeof(tcases[0]) - 1) {
		TST_EXP_PASS(symlinkat("short", blk_fd, "short_link"),
			     "symlinkat(), short target, page-full tmpfs");
		TST_EXP_PASS(mkdirat(blk_fd, "dir", 0755),
			     "mkdirat() on the page-full tmpfs");
		unlinkat(blk_fd, "short_link", 0);
		unlinkat(blk_fd, "dir", AT_REMOVEDIR);
	}
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
