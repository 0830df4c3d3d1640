// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msync() of file mappings:
 *
 * - MS_SYNC writes the dirty pages of a MAP_SHARED mapping back: the
 *   stores are in the file (read()) and the pages are clean afterwards
 *   (no Shared_Dirty/Private_Dirty left in smaps). A filesystem without
 *   writeback (tmpfs) keeps its pages dirty, so the file is on an ext4
 *   loop device the library mounts.
 * - MS_ASYNC succeeds and loses nothing.
 * - MS_INVALIDATE: after write() to the file, the mapping shows the new
 *   data.
 * - On a MAP_PRIVATE mapping MS_SYNC succeeds and the private store does
 *   not reach the file; on anonymous memory it succeeds.
 */
#include <sys/vfs.h>
#include "vm_helpers.h"

#define MNT "mnt"
#define FILE_NAME MNT "/msync01_file"
#define TMPFS_MAGIC 0x01021994

static size_t pg;
static int fd = -1;

static void setup(void)
{
	pg = vm_page_size();
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_FTRUNCATE(fd, 4 * pg);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static long dirty_kb(void *p)
{
	return smaps_kb(p, "Shared_Dirty") + smaps_kb(p, "Private_Dirty");
}

static void test_sync(void)
{
	unsigned char *p = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE,
				     MAP_SHARED, fd, 0);
	struct statfs sfs;
	char buf[6] = "";
	long before;

	memcpy(p + 2 * pg + 10, "synced", 6);
	before = dirty_kb(p);
	TST_EXP_PASS(msync(p, 4 * pg, MS_SYNC), "msync(MS_SYNC)");
	SAFE_PREAD(1, fd, buf, 6, 2 * pg + 10);
	TST_EXP_EXPR(!memcmp(buf, "synced", 6),
		     "read() returns the stored bytes");

	if (fstatfs(fd, &sfs))
		tst_brk(TBROK | TERRNO, "fstatfs()");
	if (sfs.f_type == TMPFS_MAGIC) {
		tst_res(TBROK, "the ext4 device is a tmpfs?");
	} else {
		TST_EXP_EXPR(dirty_kb(p) == 0, "the mapping has no dirty "
			     "pages after MS_SYNC (%ld kB before, %ld kB "
			     "after)", before, dirty_kb(p));
	}
	SAFE_MUNMAP(p, 4 * pg);
}

static void test_async(void)
{
	unsigned char *p = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE,
				     MAP_SHARED, fd, 0);
	char buf[5] = "";

	memcpy(p + pg, "async", 5);
	TST_EXP_PASS(msync(p, 4 * pg, MS_ASYNC), "msync(MS_ASYNC)");
	SAFE_PREAD(1, fd, buf, 5, pg);
	TST_EXP_EXPR(!memcmp(buf, "async", 5) && !memcmp(p + pg, "async", 5),
		     "the store is in the mapping and the file");
	SAFE_MUNMAP(p, 4 * pg);
}

static void test_invalidate(void)
{
	unsigned char *p = SAFE_MMAP(NULL, 4 * pg, PROT_READ, MAP_SHARED,
				     fd, 0);

	/* Fault the page in first, so there is something to invalidate. */
	if (p[3 * pg] == 0xff)
		tst_res(TINFO, "page 3 starts with 0xff");
	SAFE_PWRITE(1, fd, "fresh", 5, 3 * pg);
	TST_EXP_PASS(msync(p, 4 * pg, MS_INVALIDATE), "msync(MS_INVALIDATE)");
	TST_EXP_EXPR(!memcmp(p + 3 * pg, "fresh", 5),
		     "the mapping shows what write() stored");
	TST_EXP_PASS(msync(p, 4 * pg, MS_SYNC | MS_INVALIDATE),
		     "msync(MS_SYNC | MS_INVALIDATE)");
	SAFE_MUNMAP(p, 4 * pg);
}

static void test_private_and_anon(void)
{
	unsigned char *p = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE, fd, 0);
	unsigned char *a = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char buf[7];

	SAFE_PWRITE(1, fd, "shared", 7, 0);
	memcpy(p, "privat", 7);
	TST_EXP_PASS(msync(p, pg, MS_SYNC), "msync(MS_SYNC) of MAP_PRIVATE");
	SAFE_PREAD(1, fd, buf, 7, 0);
	TST_EXP_EXPR(!strcmp(buf, "shared"), "the private store is not in "
		     "the file ('%s')", buf);
	a[0] = 1;
	TST_EXP_PASS(msync(a, pg, MS_SYNC), "msync(MS_SYNC) of anonymous "
		     "memory");
	SAFE_MUNMAP(p, pg);
	SAFE_MUNMAP(a, pg);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_sync();
		break;
	case 1:
		test_async();
		break;
	case 2:
		test_invalidate();
		break;
	case 3:
		test_private_and_anon();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.needs_root = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
};
