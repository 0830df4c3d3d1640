// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkat(2) errors of the names, given relative to directory
 * descriptors, each exact and with no name created:
 * - ENAMETOOLONG for an old or a new path of PATH_MAX bytes, and for a
 *   new name of NAME_MAX + 1 bytes;
 * - EFAULT for an old or a new name the kernel cannot read;
 * - as nobody: EACCES for a new name in a directory it may not write
 *   (root's, 0755), and for an old name below a directory it may not
 *   search (root's, 0700); the same link into a directory it owns
 *   passes.
 * Syscalls: linkat
 */
#include <fcntl.h>
#include <stdlib.h>
#include "tst_test.h"
#include "fsmeta.h"

static int src_fd = -1, dst_fd = -1, own_fd = -1;
static void *bad_addr;

static void expect_no_e(void)
{
	TST_EXP_FAIL(faccessat(dst_fd, "e", F_OK, AT_SYMLINK_NOFOLLOW),
		     ENOENT, "no name \"e\" was created");
}

static void check_names(void)
{
	TST_EXP_FAIL(linkat(src_fd, fsm_long_path(), dst_fd, "e", 0),
		     ENAMETOOLONG, "linkat() of an old path of %d bytes",
		     PATH_MAX);
	TST_EXP_FAIL(linkat(src_fd, "file", dst_fd, fsm_long_path(), 0),
		     ENAMETOOLONG, "linkat() to a new path of %d bytes",
		     PATH_MAX);
	TST_EXP_FAIL(linkat(src_fd, "file", dst_fd, fsm_long_name(), 0),
		     ENAMETOOLONG, "linkat() to a new name of %d bytes",
		     NAME_MAX + 1);
	TST_EXP_FAIL(linkat(src_fd, bad_addr, dst_fd, "e", 0), EFAULT,
		     "linkat() of an unreadable old name");
	TST_EXP_FAIL(linkat(src_fd, "file", dst_fd, bad_addr, 0), EFAULT,
		     "linkat() to an unreadable new name");
	expect_no_e();
}

static void as_nobody(void)
{
	TST_EXP_FAIL(linkat(own_fd, "mine", dst_fd, "e", 0), EACCES,
		     "linkat() into root's 0755 directory as nobody");
	TST_EXP_FAIL(linkat(src_fd, "private/file", own_fd, "e", 0), EACCES,
		     "linkat() of a name below root's 0700 directory as "
		     "nobody");
	TST_EXP_FAIL(faccessat(own_fd, "e", F_OK, 0), ENOENT,
		     "no name \"e\" was created in nobody's directory");
	TST_EXP_PASS(linkat(own_fd, "mine", own_fd, "e", 0),
		     "linkat() within nobody's own directory");
	if (TST_PASS && unlinkat(own_fd, "e", 0))
		tst_brk(TBROK | TERRNO, "unlinkat(own/e)");
}

static void run(void)
{
	check_names();
	fsm_as_nobody(as_nobody);
	expect_no_e();
}

static void setup(void)
{
	uid_t uid;
	gid_t gid;

	fsm_nobody_ids(&uid, &gid);
	bad_addr = fsm_bad_addr();
	SAFE_MKDIR("src", 0755);
	SAFE_MKDIR("dst", 0755);
	SAFE_MKDIR("own", 0755);
	SAFE_MKDIR("src/private", 0700);
	fsm_create_file("src/file", 0644, "x");
	fsm_create_file("src/private/file", 0644, "x");
	fsm_create_file("own/mine", 0644, "x");
	SAFE_CHOWN("own", uid, gid);
	SAFE_CHOWN("own/mine", uid, gid);
	src_fd = SAFE_OPEN("src", O_RDONLY | O_DIRECTORY);
	dst_fd = SAFE_OPEN("dst", O_RDONLY | O_DIRECTORY);
	own_fd = SAFE_OPEN("own", O_RDONLY | O_DIRECTORY);
}

static void cleanup(void)
{
	if (src_fd >= 0)
		SAFE_CLOSE(src_fd);
	if (dst_fd >= 0)
		SAFE_CLOSE(dst_fd);
	if (own_fd >= 0)
		SAFE_CLOSE(own_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
