// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * statfs(2) describes the filesystem holding a path:
 * - f_type is the magic number of the filesystem type that
 *   /proc/self/mountinfo names for the tmpdir, and PROC_SUPER_MAGIC for
 *   /proc;
 * - f_flags carries the mount's ro/nosuid/nodev/noexec/noatime/relatime
 *   options, plus ST_VALID;
 * - the counts are consistent: f_bsize > 0, f_bavail <= f_bfree <=
 *   f_blocks, f_ffree <= f_files, f_namelen > 0; a file and its directory
 *   give the same filesystem id;
 * - a missing path is ENOENT, a path through a regular file ENOTDIR, a
 *   component longer than 255 bytes ENAMETOOLONG, a symlink loop ELOOP, a
 *   path or buffer in unmapped memory EFAULT, and a path below a 0700
 *   root directory is EACCES for nobody.
 */
#include <stdlib.h>
#include <sys/vfs.h>
#include "fs_mount.h"
#include "proc_ids.h"
#include "lapi/statvfs.h"
#define ST_CHECKED (ST_RDONLY | ST_NOSUID | ST_NODEV | ST_NOEXEC | \
		    ST_NOATIME | ST_RELATIME)

static void matches_mountinfo(void)
{
	struct fs_mount m;
	struct statfs sf, sf2;
	unsigned long magic;
	int fd;

	fs_mount_of(".", &m);
	TST_EXP_PASS(statfs(".", &sf), "statfs(tmpdir)");
	magic = fs_type_magic(m.type);
	if (magic)
		TST_EXP_EXPR((unsigned long)sf.f_type == magic, "f_type %#lx "
			     "is the %s magic %#lx", (unsigned long)sf.f_type,
			     m.type, magic);
	else
		tst_res(TINFO, "no magic number known for %s (f_type %#lx)",
			m.type, (unsigned long)sf.f_type);
	TST_EXP_EXPR((sf.f_flags & ST_CHECKED) == m.flags &&
		     (sf.f_flags & ST_VALID), "f_flags %#lx hold the mount "
		     "options %#lx and ST_VALID", (unsigned long)sf.f_flags,
		     m.flags);
	TST_EXP_EXPR(sf.f_bsize > 0 && sf.f_bavail <= sf.f_bfree &&
		     sf.f_bfree <= sf.f_blocks && sf.f_ffree <= sf.f_files &&
		     sf.f_namelen > 0, "counts are consistent (bsize %ld, "
		     "blocks %llu free %llu avail %llu, files %llu free %llu, "
		     "namelen %ld)", (long)sf.f_bsize,
		     (unsigned long long)sf.f_blocks,
		     (unsigned long long)sf.f_bfree,
		     (unsigned long long)sf.f_bavail,
		     (unsigned long long)sf.f_files,
		     (unsigned long long)sf.f_ffree, (long)sf.f_namelen);

	fd = SAFE_OPEN("statfs01_file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	TST_EXP_PASS(statfs("statfs01_file", &sf2), "statfs(a file in it)");
	TST_EXP_EXPR(!memcmp(&sf.f_fsid, &sf2.f_fsid, sizeof(sf.f_fsid)) &&
		     sf.f_type == sf2.f_type, "same f_fsid and f_type as the "
		     "directory");

	TST_EXP_PASS(statfs("/proc", &sf), "statfs(/proc)");
	TST_EXP_EQ_LU(sf.f_type, 0x9fa0);
}

static void errors(void)
{
	char longname[300];
	struct statfs sf;

	memset(longname, 'n', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';

	TST_EXP_FAIL(statfs("statfs01_missing", &sf), ENOENT,
		     "statfs(missing path)");
	TST_EXP_FAIL(statfs("statfs01_file/x", &sf), ENOTDIR,
		     "statfs(path through a regular file)");
	TST_EXP_FAIL(statfs(longname, &sf), ENAMETOOLONG,
		     "statfs(a %zu-byte name)", sizeof(longname) - 1);
	TST_EXP_FAIL(statfs("statfs01_loop/x", &sf), ELOOP,
		     "statfs(path through a symlink loop)");
	TST_EXP_FAIL(statfs(unmapped_addr(), &sf), EFAULT,
		     "statfs(unmapped path)");
	TST_EXP_FAIL(statfs(".", unmapped_addr()), EFAULT,
		     "statfs(unmapped buffer)");

	if (!SAFE_FORK()) {
		tst_drop_privs();
		TST_EXP_FAIL(statfs("statfs01_private/x", &sf), EACCES,
			     "nobody: statfs(below a 0700 root directory)");
		exit(0);
	}
	tst_reap_children();
}

static void (*const cases[])(void) = {
	matches_mountinfo,
	errors,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	int fd = SAFE_OPEN("statfs01_file", O_CREAT | O_WRONLY, 0644);

	SAFE_CLOSE(fd);
	if (symlink("statfs01_loop", "statfs01_loop"))
		tst_brk(TBROK | TERRNO, "symlink()");
	SAFE_MKDIR("statfs01_private", 0700);
	fd = SAFE_OPEN("statfs01_private/x", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
