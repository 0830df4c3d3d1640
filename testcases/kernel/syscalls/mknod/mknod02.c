// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mknod(2) errors (the raw system call), each with its exact errno:
 * - EEXIST: an existing file, directory, or dangling symlink (the last
 *   component is not followed);
 * - EPERM: type S_IFDIR; EINVAL: type S_IFLNK, and all S_IFMT bits set;
 * - ENOENT: a missing directory component, an empty path, and a trailing
 *   slash on a new name; ENOTDIR: a regular file as a path component;
 * - ENAMETOOLONG: PATH_MAX bytes, a NAME_MAX + 1 name; ELOOP: a symlink
 *   loop as a component; EFAULT: an unmapped path;
 * - as nobody: EPERM for a character and a block device (no CAP_MKNOD),
 *   EACCES in a directory it may not write, and through one it may not
 *   search.
 * The type check comes first: EPERM for S_IFDIR even where the name
 * exists.
 */
#include <sys/sysmacros.h>
#include "tst_test.h"
#include "fsmeta.h"

static void *bad;

static long sys_mknod(const char *path, mode_t mode, dev_t dev)
{
	return tst_syscall(__NR_mknod, path, mode, (unsigned int)dev);
}

static void check_errors(void)
{
	TST_EXP_FAIL(sys_mknod("file", S_IFIFO | 0644, 0), EEXIST,
		     "mknod() of an existing file");
	TST_EXP_FAIL(sys_mknod("dir", S_IFREG | 0644, 0), EEXIST,
		     "mknod() of an existing directory");
	TST_EXP_FAIL(sys_mknod("dangling", S_IFIFO | 0644, 0), EEXIST,
		     "mknod() of a dangling symlink");
	TST_EXP_FAIL(access("missing_target", F_OK), ENOENT,
		     "the dangling symlink's target was not made");
	TST_EXP_FAIL(sys_mknod("new", S_IFDIR | 0755, 0), EPERM,
		     "mknod(S_IFDIR)");
	TST_EXP_FAIL(sys_mknod("file", S_IFDIR | 0755, 0), EPERM,
		     "mknod(S_IFDIR) of an existing name");
	TST_EXP_FAIL(sys_mknod("new", S_IFLNK | 0777, 0), EINVAL,
		     "mknod(S_IFLNK)");
	TST_EXP_FAIL(sys_mknod("new", S_IFMT | 0644, 0), EINVAL,
		     "mknod() with all S_IFMT bits");
	TST_EXP_FAIL(sys_mknod("missing/new", S_IFIFO | 0644, 0), ENOENT,
		     "mknod() in a missing directory");
	TST_EXP_FAIL(sys_mknod("", S_IFIFO | 0644, 0), ENOENT,
		     "mknod() of an empty path");
	TST_EXP_FAIL(sys_mknod("new/", S_IFIFO | 0644, 0), ENOENT,
		     "mknod() of a new name with a trailing slash");
	TST_EXP_FAIL(sys_mknod("file/new", S_IFIFO | 0644, 0), ENOTDIR,
		     "mknod() below a regular file");
	TST_EXP_FAIL(sys_mknod(fsm_long_path(), S_IFIFO | 0644, 0),
		     ENAMETOOLONG, "mknod() of a path of PATH_MAX bytes");
	TST_EXP_FAIL(sys_mknod(fsm_long_name(), S_IFIFO | 0644, 0),
		     ENAMETOOLONG, "mknod() of a name of NAME_MAX + 1 bytes");
	TST_EXP_FAIL(sys_mknod("loop_a/new", S_IFIFO | 0644, 0), ELOOP,
		     "mknod() through a symlink loop");
	TST_EXP_FAIL(sys_mknod(bad, S_IFIFO | 0644, 0), EFAULT,
		     "mknod() of an unmapped path");
	TST_EXP_FAIL(access("new", F_OK), ENOENT, "no \"new\" was made");
}

static void errors_nobody(void)
{
	TST_EXP_FAIL(sys_mknod("nb_chr", S_IFCHR | 0600, makedev(1, 3)),
		     EPERM, "mknod(S_IFCHR 1:3) as nobody");
	TST_EXP_FAIL(sys_mknod("nb_blk", S_IFBLK | 0600, makedev(7, 0)),
		     EPERM, "mknod(S_IFBLK 7:0) as nobody");
	TST_EXP_FAIL(sys_mknod("rootdir/nb_fifo", S_IFIFO | 0600, 0), EACCES,
		     "mknod() as nobody in a directory it may not write");
	TST_EXP_FAIL(sys_mknod("locked/dir/nb_fifo", S_IFIFO | 0600, 0),
		     EACCES, "mknod() as nobody through a directory it may "
		     "not search");
}

static void check_nobody(void)
{
	fsm_as_nobody(errors_nobody);
}

static void run(unsigned int n)
{
	if (n == 0)
		check_errors();
	else
		check_nobody();
}

static void setup(void)
{
	fsm_create_file("file", 0644, "x");
	SAFE_MKDIR("dir", 0755);
	SAFE_MKDIR("rootdir", 0755);
	SAFE_MKDIR("locked", 0700);
	SAFE_MKDIR("locked/dir", 0777);
	FSM_SAFE(symlink("missing_target", "dangling"));
	fsm_make_loop("loop_a", "loop_b");
	bad = fsm_bad_addr();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
