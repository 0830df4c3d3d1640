// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fstatfs(2) describes the filesystem of an open descriptor:
 * - for a file of the tmpdir it reports what statfs() reports for its
 *   path (type, block size, total blocks, fs id, name length, flags),
 *   through a read-only descriptor and an O_PATH one alike;
 * - a pipe is on pipefs (PIPEFS_MAGIC) and a socket on sockfs
 *   (SOCKFS_MAGIC);
 * - a closed descriptor is EBADF, a buffer in unmapped memory EFAULT.
 */
#include <sys/socket.h>
#include <sys/vfs.h>
#include "tst_test.h"
#include "proc_ids.h"

#define FNAME "fstatfs01_file"
#define PIPEFS_MAGIC_ 0x50495045
#define SOCKFS_MAGIC_ 0x534F434B

static void same_as_statfs(int fd, const char *what)
{
	struct statfs byfd, bypath;

	if (statfs(FNAME, &bypath))
		tst_brk(TBROK | TERRNO, "statfs(%s)", FNAME);
	TST_EXP_PASS(fstatfs(fd, &byfd), "fstatfs(%s)", what);
	TST_EXP_EXPR(byfd.f_type == bypath.f_type &&
		     byfd.f_bsize == bypath.f_bsize &&
		     byfd.f_blocks == bypath.f_blocks &&
		     byfd.f_namelen == bypath.f_namelen &&
		     byfd.f_flags == bypath.f_flags &&
		     !memcmp(&byfd.f_fsid, &bypath.f_fsid, sizeof(byfd.f_fsid)),
		     "%s: type %#lx bsize %ld blocks %llu as statfs() says",
		     what, (unsigned long)byfd.f_type, (long)byfd.f_bsize,
		     (unsigned long long)byfd.f_blocks);
}

static void run(void)
{
	struct statfs sf;
	int fd, pathfd, p[2], sv[2];

	fd = SAFE_OPEN(FNAME, O_CREAT | O_RDONLY, 0644);
	pathfd = SAFE_OPEN(FNAME, O_PATH);
	same_as_statfs(fd, "read-only fd");
	same_as_statfs(pathfd, "O_PATH fd");

	SAFE_PIPE(p);
	TST_EXP_PASS(fstatfs(p[0], &sf), "fstatfs(pipe)");
	TST_EXP_EQ_LU(sf.f_type, PIPEFS_MAGIC_);
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sv);
	TST_EXP_PASS(fstatfs(sv[0], &sf), "fstatfs(socket)");
	TST_EXP_EQ_LU(sf.f_type, SOCKFS_MAGIC_);

	TST_EXP_FAIL(fstatfs(-1, &sf), EBADF, "fstatfs(-1)");
	TST_EXP_FAIL(fstatfs(fd, unmapped_addr()), EFAULT,
		     "fstatfs(unmapped buffer)");

	SAFE_CLOSE(fd);
	SAFE_CLOSE(pathfd);
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
	SAFE_CLOSE(sv[0]);
	SAFE_CLOSE(sv[1]);
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
};
