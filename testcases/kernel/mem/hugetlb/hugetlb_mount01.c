// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hugetlbfs mount options (Documentation/admin-guide/mm/hugetlbpage.rst),
 * pool of 4 default-size pages, no overcommit, each mount in a private
 * mount namespace; HugePages_Free/Rsvd and statfs() read back:
 *  1. size=2 pages: statfs() says f_bsize hp, f_blocks 2, f_bfree 2; a
 *     shared mapping of one page counts against the limit at mmap()
 *     (f_bfree 1, Rsvd 1); a second file mapped for 2 pages is ENOMEM
 *     with nothing changed; fallocate() of 2 pages takes the one left and
 *     is ENOSPC (f_bfree 0) although the global pool has 2 free pages;
 *     a write through a MAP_NORESERVE mapping of a third file is then
 *     SIGBUS (BUS_ADRERR); closing everything gives back f_bfree 2 and
 *     the pool; size=50% of the 4-page pool is 2 blocks;
 *  2. nr_inodes=3 (with size=): f_files 3, f_ffree 2 (the root directory
 *     is one); a file and a directory fill it (f_ffree 0), the next
 *     creat() or mkdir() is ENOSPC; once the file is unlinked creat()
 *     works again;
 *  3. min_size=2 pages reserves 2 pages at mount (Rsvd 2, Free 4); a
 *     shared mapping of one page is served from that reserve (Rsvd stays
 *     2), its fault takes a page (Free 3, Rsvd 1), the freed page goes
 *     back to the mount's reserve (Rsvd 2); umount releases it (Rsvd 0);
 *     min_size above the pool is ENOMEM, with nothing reserved;
 *  4. min_size above size=, pagesize= of a size with no pool (4096) and
 *     a size= that is not a number are EINVAL.
 */

#include <stdio.h>
#include <sys/mman.h>
#include <sys/vfs.h>
#include "tst_test.h"
#include "lapi/fcntl.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL 4
#define MNT "mnt"

#ifndef FALLOC_FL_KEEP_SIZE
# define FALLOC_FL_KEEP_SIZE 0x01
#endif

static int mounted;

static void do_mount(const char *fmt, long arg1, long arg2)
{
	char opts[128];

	snprintf(opts, sizeof(opts), fmt, arg1, arg2);
	SAFE_MOUNT("none", MNT, "hugetlbfs", 0, opts);
	mounted = 1;
	tst_res(TINFO, "mounted hugetlbfs with %s", opts);
}

static void do_umount(void)
{
	SAFE_UMOUNT(MNT);
	mounted = 0;
}

static void expect_mount_fail(int err, const char *fmt, long arg1, long arg2)
{
	char opts[128];

	snprintf(opts, sizeof(opts), fmt, arg1, arg2);
	TST_EXP_FAIL(mount("none", MNT, "hugetlbfs", 0, opts), err,
		     "mount -o %s", opts);
	if (!TST_PASS && !TST_RET)
		do_umount();
}

static void expect_statfs(const char *when, long blocks, long bfree,
			  long files, long ffree)
{
	struct statfs sf;

	if (statfs(MNT, &sf))
		tst_brk(TBROK | TERRNO, "statfs(" MNT ")");
	TST_EXP_EXPR(sf.f_bsize == hp && (long)sf.f_blocks == blocks &&
		     (long)sf.f_bfree == bfree && (long)sf.f_bavail == bfree &&
		     (files < 0 || ((long)sf.f_files == files &&
				    (long)sf.f_ffree == ffree)),
		     "%s: statfs f_bsize %ld f_blocks %ld f_bfree %ld f_bavail "
		     "%ld f_files %ld f_ffree %ld", when, (long)sf.f_bsize,
		     (long)sf.f_blocks, (long)sf.f_bfree, (long)sf.f_bavail,
		     (long)sf.f_files, (long)sf.f_ffree);
}

static int new_file(const char *name)
{
	char path[64];

	snprintf(path, sizeof(path), MNT "/%s", name);
	return SAFE_OPEN(path, O_CREAT | O_EXCL | O_RDWR, 0600);
}

static void unlink_file(const char *name)
{
	char path[64];

	snprintf(path, sizeof(path), MNT "/%s", name);
	SAFE_UNLINK(path);
}

static void size_limit(void)
{
	int fd1, fd2, fd3, fd4;
	char *p1, *p4;
	void *p;

	do_mount("size=%ld", 2 * hp, 0);
	expect_statfs("fresh mount", 2, 2, -1, -1);

	fd1 = new_file("a");
	p1 = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd1, 0);
	htl_expect("one page mapped", 0, 1);
	expect_statfs("one page mapped", 2, 1, -1, -1);

	fd2 = new_file("b");
	p = mmap(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd2, 0);
	TST_EXP_EXPR(p == MAP_FAILED && errno == ENOMEM, "mmap() of 2 more "
		     "pages than size= leaves: %s",
		     p == MAP_FAILED ? tst_strerrno(errno) : "succeeded");
	if (p != MAP_FAILED)
		SAFE_MUNMAP(p, 2 * hp);
	htl_expect("after the refused mmap()", 0, 1);
	expect_statfs("after the refused mmap()", 2, 1, -1, -1);

	TST_EXP_FAIL(fallocate(fd2, 0, 0, 2 * hp), ENOSPC,
		     "fallocate() of 2 pages with 1 left in size=");
	htl_expect("fallocate() took the page left", 1, 1);
	expect_statfs("size= used up", 2, 0, -1, -1);

	fd3 = new_file("c");
	fd4 = fd3;
	SAFE_FTRUNCATE(fd4, hp);
	p4 = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_NORESERVE, fd4, 0);
	htl_expect("MAP_NORESERVE mapping", 1, 1);
	expect_access(p4, VM_WRITE_ACCESS, SIGBUS, BUS_ADRERR,
		      "write over size= with the global pool free");
	htl_expect("after the SIGBUS", 1, 1);

	p1[0] = 1;
	htl_expect("the reserved page faulted in", 2, 0);

	SAFE_MUNMAP(p1, hp);
	SAFE_MUNMAP(p4, hp);
	SAFE_CLOSE(fd1);
	SAFE_CLOSE(fd2);
	SAFE_CLOSE(fd3);
	unlink_file("a");
	unlink_file("b");
	unlink_file("c");
	htl_expect("files removed", 0, 0);
	expect_statfs("files removed", 2, 2, -1, -1);
	do_umount();

	do_mount("size=50%%", 0, 0);
	expect_statfs("size=50% of a pool of 4", 2, 2, -1, -1);
	do_umount();
}

static void inode_limit(void)
{
	char path[64];
	int fd;

	do_mount("size=%ld,nr_inodes=3", 2 * hp, 0);
	expect_statfs("nr_inodes=3: the root directory takes one", 2, 2, 3,
		      2);
	fd = new_file("a");
	SAFE_CLOSE(fd);
	SAFE_MKDIR(MNT "/d", 0700);
	expect_statfs("a file and a directory", 2, 2, 3, 0);
	snprintf(path, sizeof(path), MNT "/c");
	TST_EXP_FAIL(open(path, O_CREAT | O_EXCL | O_RDWR, 0600), ENOSPC,
		     "creat() of a fourth inode");
	TST_EXP_FAIL(mkdir(MNT "/e", 0700), ENOSPC, "mkdir() of a fourth "
		     "inode");
	unlink_file("a");
	expect_statfs("the file unlinked", 2, 2, 3, 1);
	fd = open(path, O_CREAT | O_EXCL | O_RDWR, 0600);
	TST_EXP_EXPR(fd >= 0, "creat() after an unlink: %s",
		     fd >= 0 ? "works" : tst_strerrno(errno));
	if (fd >= 0) {
		SAFE_CLOSE(fd);
		unlink_file("c");
	}
	SAFE_RMDIR(MNT "/d");
	expect_statfs("emptied", 2, 2, 3, 2);
	do_umount();
}

static void min_size(void)
{
	int fd;
	char *p;

	do_mount("min_size=%ld", 2 * hp, 0);
	htl_expect("min_size=2 pages mounted", 0, 2);
	fd = new_file("a");
	p = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	htl_expect("one page mapped: from the mount's reserve", 0, 2);
	p[0] = 1;
	htl_expect("faulted in", 1, 1);
	SAFE_MUNMAP(p, hp);
	SAFE_CLOSE(fd);
	unlink_file("a");
	htl_expect("page freed: back to the mount's reserve", 0, 2);
	do_umount();
	htl_expect("umount", 0, 0);

	expect_mount_fail(ENOMEM, "min_size=%ld", (POOL + 1) * hp, 0);
	htl_expect("after the refused min_size", 0, 0);
}

static void bad_options(void)
{
	expect_mount_fail(EINVAL, "size=%ld,min_size=%ld", hp, 2 * hp);
	expect_mount_fail(EINVAL, "pagesize=%ld", 4096, 0);
	expect_mount_fail(EINVAL, "size=x%ld", 1, 0);
	htl_expect("after the refused mounts", 0, 0);
}

static void run(void)
{
	size_limit();
	inode_limit();
	min_size();
	bad_options();
}

static void setup(void)
{
	htl_setup(POOL, 0);
	mnt_private_ns();
	SAFE_MKDIR(MNT, 0700);
}

static void cleanup(void)
{
	if (mounted)
		umount2(MNT, MNT_DETACH);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	HTL_TEST_FIELDS(POOL),
};
