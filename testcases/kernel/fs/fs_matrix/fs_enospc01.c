// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * On every filesystem of the matrix (64 MB images; xfs 300, btrfs 128),
 * writing until the filesystem is full ends in ENOSPC, not another error
 * and not a silent short count forever; the space it accepted is at least
 * a quarter of what statvfs() called available (no early ENOSPC); every
 * file fsyncs without error afterwards and every byte write() accepted
 * reads back from the disk, page cache dropped, in place (fs_fill.h).
 * Once the files are removed and the filesystem synced, writing works
 * again: the space came back. To keep the run short (xfs cannot be made
 * under 300 MB) all but 24 MB is taken first by a fallocate()d file
 * where the filesystem has fallocate(); written data fills the rest.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/statvfs.h>
#include "tst_test.h"
#include "fs_fill.h"

#define WRITE_MB	24

static struct fs_fill fill;
static long long ballast;

/* Where fallocate() works, take all but WRITE_MB of the space with it. */
static void take_space(long long avail)
{
	long long len = avail - WRITE_MB * 1024LL * 1024;
	int fd;

	ballast = 0;
	if (len <= 0)
		return;
	fd = SAFE_OPEN("ballast", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	if (!fallocate(fd, 0, 0, len)) {
		ballast = len;
	} else if (errno != EOPNOTSUPP) {
		tst_brk(TBROK | TERRNO, "fallocate(ballast, %lld)", len);
	}
	SAFE_CLOSE(fd);
	if (ballast)
		tst_res(TINFO, "fallocate() took %lld bytes first", ballast);
	else
		SAFE_UNLINK("ballast");
}

static void run(void)
{
	struct statvfs sv;
	long long avail;
	char buf[4096];
	int fd, bad;
	ssize_t ret;

	if (statvfs(".", &sv))
		tst_brk(TBROK | TERRNO, "statvfs(.)");
	avail = (long long)sv.f_bavail * sv.f_frsize;

	take_space(avail);
	fs_fill(&fill);
	tst_res(TINFO, "%lld bytes in %d files, %lld were available",
		fill.total, fill.nfiles, avail);
	if (fill.err == ENOSPC)
		tst_res(TPASS, "the write that found the filesystem full "
			"failed with ENOSPC");
	else
		tst_res(TFAIL, "the fill ended with %s, expected ENOSPC",
			tst_strerrno(fill.err));
	TST_EXP_EXPR(fill.total + ballast >= avail / 4, "accepted %lld bytes "
		     "(%lld fallocated), at least a quarter of the %lld "
		     "available", fill.total + ballast, ballast, avail);

	bad = fs_fill_verify(&fill);
	if (!bad)
		tst_res(TPASS, "all %lld accepted bytes fsynced and read back "
			"from disk intact", fill.total);

	fs_fill_remove(&fill);
	if (ballast)
		SAFE_UNLINK("ballast");
	fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	if (syncfs(fd))
		tst_brk(TBROK | TERRNO, "syncfs");
	SAFE_CLOSE(fd);

	memset(buf, 'r', sizeof(buf));
	fd = SAFE_OPEN("after", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	ret = write(fd, buf, sizeof(buf));
	if (ret == (ssize_t)sizeof(buf) && !fsync(fd))
		tst_res(TPASS, "writing works again once the files are gone");
	else
		tst_res(TFAIL | TERRNO, "write/fsync after removing the fill "
			"(write returned %zd)", ret);
	SAFE_CLOSE(fd);
	SAFE_UNLINK("after");
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.all_filesystems = 1,
	.timeout = 60,
};
