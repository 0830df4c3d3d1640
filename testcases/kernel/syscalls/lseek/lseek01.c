// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lseek(2) returns the new offset, and I/O happens there:
 * - SEEK_SET, SEEK_CUR (forward and back), SEEK_END (back and past the
 *   end): the value returned, the value SEEK_CUR reports after, and the
 *   byte read() returns there;
 * - seeking past the end does not change the size; a write there does,
 *   and the gap reads as zeros;
 * - SEEK_DATA/SEEK_HOLE on a sparse file (hole, data, hole, data): each
 *   returns the start of the next data / hole at or after the offset, an
 *   offset already in data / in a hole is returned as is, the end of the
 *   file counts as a hole, and the file offset moves there. On a
 *   filesystem other than tmpfs, ext4, xfs, btrfs that does not report
 *   holes (SEEK_DATA 0 finds data at 0) that part is TCONF.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "lseek01_file"
#define SPARSE "lseek01_sparse"
#define FSIZE 1000
#define MiB (1024 * 1024)
#define CHUNK 4096

static unsigned char data[FSIZE];
static int fd = -1;

static void check_seek(off_t off, int whence, off_t exp, const char *desc)
{
	unsigned char c;

	TST_EXP_VAL(lseek(fd, off, whence), exp, "lseek(%ld, %s)", (long)off,
		    desc);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), exp);
	if (exp < FSIZE) {
		SAFE_READ(1, fd, &c, 1);
		TST_EXP_EXPR(c == data[exp], "read() there returns byte %ld",
			     (long)exp);
	}
}

static void test_whence(void)
{
	struct stat st;
	unsigned char buf[10], zeros[10] = { 0 };

	check_seek(100, SEEK_SET, 100, "SEEK_SET");
	check_seek(50, SEEK_CUR, 151, "SEEK_CUR forward");
	check_seek(-100, SEEK_CUR, 52, "SEEK_CUR back");
	check_seek(0, SEEK_CUR, 53, "SEEK_CUR 0");
	check_seek(-10, SEEK_END, FSIZE - 10, "SEEK_END back");
	check_seek(0, SEEK_SET, 0, "SEEK_SET 0");
	check_seek(10, SEEK_END, FSIZE + 10, "SEEK_END past the end");

	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, FSIZE);
	SAFE_WRITE(1, fd, "x", 1);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, FSIZE + 11);
	SAFE_PREAD(1, fd, buf, 10, FSIZE);
	TST_EXP_EXPR(!memcmp(buf, zeros, 10), "the gap reads as zeros");
	SAFE_FTRUNCATE(fd, FSIZE);
}

/* SEEK_DATA or SEEK_HOLE from off must give exp, and move the offset. */
static void check_data_hole(int sfd, off_t off, int whence, off_t exp)
{
	const char *name = whence == SEEK_DATA ? "SEEK_DATA" : "SEEK_HOLE";

	SAFE_LSEEK(sfd, 1, SEEK_SET);
	TST_EXP_VAL(lseek(sfd, off, whence), exp, "lseek(%ld, %s)",
		    (long)off, name);
	TST_EXP_EQ_LI(SAFE_LSEEK(sfd, 0, SEEK_CUR), TST_PASS ? exp : 1);
}

/* Filesystems known to report holes: on them SEEK_DATA must find them. */
static int fs_reports_holes(int sfd)
{
	static const long magics[] = {
		0x01021994,	/* tmpfs */
		0xef53,		/* ext2/3/4 */
		0x58465342,	/* xfs */
		0x9123683e,	/* btrfs */
	};
	struct statfs sfs;
	unsigned int i;

	if (fstatfs(sfd, &sfs))
		tst_brk(TBROK | TERRNO, "fstatfs()");
	for (i = 0; i < sizeof(magics) / sizeof(magics[0]); i++) {
		if ((long)sfs.f_type == magics[i])
			return 1;
	}
	return 0;
}

static void test_data_hole(void)
{
	unsigned char chunk[CHUNK];
	struct stat st;
	off_t data_end;
	int sfd;

	/* hole [0, 2M), data [2M, 2M + 4K), hole, data [4M, 4M + 4K) */
	memset(chunk, 'd', sizeof(chunk));
	sfd = SAFE_OPEN(SPARSE, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_PWRITE(1, sfd, chunk, CHUNK, 2 * MiB);
	SAFE_PWRITE(1, sfd, chunk, CHUNK, 4 * MiB);
	SAFE_FSTAT(sfd, &st);

	if (!fs_reports_holes(sfd) && lseek(sfd, 0, SEEK_DATA) == 0) {
		tst_res(TCONF, "the tmpdir's filesystem reports no holes: "
			"SEEK_DATA/SEEK_HOLE layout not tested");
		SAFE_CLOSE(sfd);
		return;
	}
	/* Holes are found in whole blocks: the data block ends here. */
	data_end = 2 * MiB + (st.st_blksize > CHUNK ? st.st_blksize : CHUNK);

	check_data_hole(sfd, 0, SEEK_DATA, 2 * MiB);
	check_data_hole(sfd, 0, SEEK_HOLE, 0);
	check_data_hole(sfd, MiB, SEEK_HOLE, MiB);
	check_data_hole(sfd, 2 * MiB, SEEK_DATA, 2 * MiB);
	check_data_hole(sfd, 2 * MiB + 100, SEEK_DATA, 2 * MiB + 100);
	check_data_hole(sfd, 2 * MiB, SEEK_HOLE, data_end);
	check_data_hole(sfd, data_end, SEEK_DATA, 4 * MiB);
	check_data_hole(sfd, 4 * MiB, SEEK_HOLE, 4 * MiB + CHUNK);

	/* A file that ends in a hole: no data after the last block. */
	SAFE_FTRUNCATE(sfd, 6 * MiB);
	check_data_hole(sfd, 4 * MiB + CHUNK, SEEK_HOLE, 4 * MiB + CHUNK);
	TST_EXP_FAIL(lseek(sfd, 5 * MiB, SEEK_DATA), ENXIO,
		     "lseek(5M, SEEK_DATA) in a trailing hole");
	SAFE_CLOSE(sfd);
}

static void run(void)
{
	test_whence();
	test_data_hole();
}

static void setup(void)
{
	fio_fill(data, sizeof(data), 47);
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, data, sizeof(data));
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
};
