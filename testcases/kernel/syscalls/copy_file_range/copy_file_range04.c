// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * copy_file_range(2) across mounts (generic_copy_file_checks(), 6.1 and
 * 6.12 alike; copy_file_range(2) "EXDEV (since Linux 5.19)"), in a mount
 * namespace of the test's own with two tmpfs instances A and B and a bind
 * mount C of A:
 * - A -> B, two filesystems of one type, neither with a ->copy_file_range
 *   of its own: EXDEV, with and without offset pointers, and the target
 *   stays empty, the offsets unmoved;
 * - A -> C, another mount of the same filesystem: the copy works, returns
 *   the count, both offsets advance, and the bytes read back through A;
 * - a file of A -> the same file seen through C, overlapping ranges:
 *   EINVAL (the same inode, whatever the mount), and the file unchanged;
 *   a range of it that does not overlap is copied.
 * Would catch: a kernel that lets copies between different superblocks
 * of a filesystem type without cross-filesystem support through (the
 * 5.3 to 5.18 rule), one that refuses copies between two mounts of one
 * filesystem, or an overlap check that compares the files rather than
 * their inodes.
 * Syscalls: copy_file_range
 */
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tst_test.h"

#define LEN 4096

static char src_buf[LEN], buf[2 * LEN];
static int mounted_a, mounted_b, mounted_c;

static int open_file(const char *path, int flags)
{
	return SAFE_OPEN(path, flags | O_CREAT, 0644);
}

static void make_src(void)
{
	int fd = SAFE_OPEN("A/src", O_RDWR | O_CREAT | O_TRUNC, 0644);

	SAFE_WRITE(1, fd, src_buf, LEN);
	SAFE_CLOSE(fd);
}

static void check_size(const char *path, off_t size)
{
	struct stat st;

	SAFE_STAT(path, &st);
	TST_EXP_EQ_LI(st.st_size, size);
}

static void across_superblocks(void)
{
	int in, out;
	loff_t off_in = 10, off_out = 20;

	make_src();
	in = open_file("A/src", O_RDONLY);
	out = open_file("B/dst", O_WRONLY | O_TRUNC);

	TST_EXP_FAIL(copy_file_range(in, NULL, out, NULL, LEN, 0), EXDEV,
		     "copy_file_range(tmpfs A -> tmpfs B)");
	TST_EXP_FAIL(copy_file_range(in, &off_in, out, &off_out, 100, 0),
		     EXDEV, "copy_file_range(tmpfs A -> tmpfs B, offsets)");
	TST_EXP_EQ_LI(off_in, 10);
	TST_EXP_EQ_LI(off_out, 20);
	TST_EXP_EQ_LI(SAFE_LSEEK(in, 0, SEEK_CUR), 0);
	check_size("B/dst", 0);
	SAFE_CLOSE(in);
	SAFE_CLOSE(out);
}

static void across_bind_mount(void)
{
	int in, out;
	loff_t off_in = 100, off_out = 0;

	make_src();
	in = open_file("A/src", O_RDONLY);
	out = open_file("C/dst", O_WRONLY | O_TRUNC);

	TST_EXP_VAL(copy_file_range(in, &off_in, out, &off_out, 1000, 0),
		    1000, "copy_file_range(A -> bind mount of A)");
	TST_EXP_EQ_LI(off_in, 1100);
	TST_EXP_EQ_LI(off_out, 1000);
	SAFE_CLOSE(in);
	SAFE_CLOSE(out);

	check_size("A/dst", 1000);
	in = SAFE_OPEN("A/dst", O_RDONLY);
	SAFE_READ(1, in, buf, 1000);
	TST_EXP_EXPR(!memcmp(buf, src_buf + 100, 1000),
		     "A/dst holds bytes 100..1099 of A/src");
	SAFE_CLOSE(in);
}

static void same_inode_two_mounts(void)
{
	int in, out;
	loff_t off_in = 0, off_out = 50;

	make_src();
	in = open_file("A/src", O_RDONLY);
	out = open_file("C/src", O_WRONLY);

	TST_EXP_FAIL(copy_file_range(in, &off_in, out, &off_out, 100, 0),
		     EINVAL, "copy_file_range(A/src [0,100) -> C/src [50,150))");
	TST_EXP_EQ_LI(off_in, 0);
	TST_EXP_EQ_LI(off_out, 50);
	SAFE_PREAD(1, in, buf, LEN, 0);
	TST_EXP_EXPR(!memcmp(buf, src_buf, LEN), "A/src unchanged");

	off_out = LEN;
	TST_EXP_VAL(copy_file_range(in, &off_in, out, &off_out, 100, 0), 100,
		    "copy_file_range(A/src [0,100) -> C/src [%d,%d))", LEN,
		    LEN + 100);
	check_size("A/src", LEN + 100);
	SAFE_PREAD(1, in, buf, LEN + 100, 0);
	TST_EXP_EXPR(!memcmp(buf, src_buf, LEN) &&
		     !memcmp(buf + LEN, src_buf, 100),
		     "A/src holds its bytes and a copy of the first 100 after");
	SAFE_CLOSE(in);
	SAFE_CLOSE(out);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		across_superblocks();
		break;
	case 1:
		across_bind_mount();
		break;
	case 2:
		same_inode_two_mounts();
		break;
	}
}

static void setup(void)
{
	int i;

	for (i = 0; i < LEN; i++)
		src_buf[i] = 'a' + (i * 13 + i / 26) % 26;

	/* Mounts of our own namespace: nobody else sees them. */
	if (unshare(CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS)");
	SAFE_MOUNT("none", "/", NULL, MS_REC | MS_PRIVATE, NULL);
	SAFE_MKDIR("A", 0755);
	SAFE_MKDIR("B", 0755);
	SAFE_MKDIR("C", 0755);
	SAFE_MOUNT("copy_file_range04", "A", "tmpfs", 0, "size=1m");
	mounted_a = 1;
	SAFE_MOUNT("copy_file_range04", "B", "tmpfs", 0, "size=1m");
	mounted_b = 1;
	SAFE_MOUNT("A", "C", NULL, MS_BIND, NULL);
	mounted_c = 1;
}

static void cleanup(void)
{
	if (mounted_c)
		SAFE_UMOUNT("C");
	if (mounted_b)
		SAFE_UMOUNT("B");
	if (mounted_a)
		SAFE_UMOUNT("A");
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.min_kver = "5.19",
};
