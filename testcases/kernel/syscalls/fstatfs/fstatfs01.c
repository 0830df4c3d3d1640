// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fstatfs(2) describes the filesystem of an open descriptor:
 * - for a file of the tmpdir it reports what statfs() reports for its
 *   path (type, block size, total blocks, fs id, name length, flags),
 *   through a read-only descriptor and an O_PATH one alike;
 * - a pipe is on pipefs (PIPEFS_MAGIC) and a socket on sockfs
 *   (SOCKFS_MAGIC);
 * - a closed descriptor is EBADF, a buffer in unmapped memory EFAULT;
 * - for every mount point of the namespace, through an O_PATH
 *   descriptor, it succeeds and agrees with statfs(); proc, sysfs,
 *   tmpfs, devtmpfs, ext4 and cgroup2 give their magic numbers.
 * It runs on every filesystem of the matrix (the file in the mount):
 * - f_type is that filesystem's magic (include/uapi/linux/magic.h; ntfs3
 *   sets its own 0x7366746e, "ntfs", in ntfs_fill_super());
 * - f_blocks * f_bsize is at most the image's size and more than half
 *   of it (tmpfs: exactly its size= option);
 * - after umount and mount of the device a new descriptor gives the
 *   same type, block size, block count, name length and f_fsid (each
 *   filesystem derives it from its UUID, serial number or device, all
 *   kept; tmpfs is not remounted).
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/vfs.h>
#include "tst_test.h"
#include "proc_ids.h"
#include "fs_matrix.h"
#include "fs_cycle.h"

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

/*
 * Every mount point of the namespace: fstatfs() of an O_PATH descriptor
 * of it succeeds and agrees with statfs() of its name; a few types are
 * checked against their magic numbers.
 */
static void every_mount(void)
{
	static const struct {
		const char *fs;
		unsigned long magic;
	} magics[] = {
		{"proc", 0x9fa0}, {"sysfs", 0x62656572},
		{"tmpfs", 0x01021994}, {"ext4", 0xef53},
		{"devtmpfs", 0x01021994}, {"cgroup2", 0x63677270},
	};
	char line[4096], mp[2048], fs[64];
	struct statfs byfd, bypath;
	int n = 0, bad = 0, typed = 0, fd;
	unsigned int i;
	FILE *f = fopen("/proc/self/mountinfo", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/mountinfo)");
	while (fgets(line, sizeof(line), f)) {
		char *sep = strstr(line, " - ");

		if (!sep || sscanf(line, "%*d %*d %*s %*s %2047s", mp) != 1 ||
		    sscanf(sep + 3, "%63s", fs) != 1 || strchr(mp, '\\'))
			continue;
		fd = open(mp, O_PATH);
		if (fd < 0)
			continue;
		n++;
		if (fstatfs(fd, &byfd) || statfs(mp, &bypath) ||
		    byfd.f_type != bypath.f_type) {
			tst_res(TINFO | TERRNO, "%s (%s)", mp, fs);
			bad++;
		}
		for (i = 0; i < sizeof(magics) / sizeof(magics[0]); i++) {
			if (strcmp(fs, magics[i].fs))
				continue;
			typed++;
			if ((unsigned long)byfd.f_type != magics[i].magic) {
				tst_res(TINFO, "%s: %s with type %#lx", mp, fs,
					(unsigned long)byfd.f_type);
				bad++;
			}
		}
		SAFE_CLOSE(fd);
	}
	fclose(f);
	TST_EXP_EXPR(n > 0 && typed > 0 && !bad, "fstatfs() of %d mount "
		     "points agrees with statfs(), %d of known type with "
		     "their magic (%d wrong)", n, typed, bad);
}

/*
 * In a private mount namespace of a child (root): the mounts other tests
 * make and remove meanwhile cannot come and go under the walk.
 */
static void every_mount_isolated(void)
{
	pid_t pid;

	if (geteuid()) {
		every_mount();
		return;
	}
	pid = SAFE_FORK();
	if (!pid) {
		if (unshare(CLONE_NEWNS) ||
		    mount("none", "/", NULL, MS_REC | MS_PRIVATE, NULL))
			tst_brk(TBROK | TERRNO, "private mount namespace");
		every_mount();
		exit(0);
	}
	reap_child(pid);
}

static const struct {
	const char *fs;
	unsigned long magic;
	unsigned long mb;	/* the matrix's image (tmpfs: size=) */
} fs_magics[] = {
	{"ext2", 0xef53, 64}, {"ext3", 0xef53, 64}, {"ext4", 0xef53, 64},
	{"xfs", 0x58465342, 300}, {"btrfs", 0x9123683e, 128},
	{"vfat", 0x4d44, 64}, {"exfat", 0x2011bab0, 64},
	{"ntfs3", 0x7366746e, 64}, {"tmpfs", 0x01021994, 64},
};

/* The matrix's filesystem: its magic and size, and both kept on disk. */
static void matrix_fs(void)
{
	struct statfs before, after;
	unsigned long long bytes, image;
	unsigned int i;
	int fd;

	for (i = 0; i < sizeof(fs_magics) / sizeof(fs_magics[0]); i++) {
		if (fs_is(fs_magics[i].fs))
			break;
	}
	if (i == sizeof(fs_magics) / sizeof(fs_magics[0])) {
		tst_res(TINFO, "not on a filesystem of the matrix");
		return;
	}
	fd = SAFE_OPEN(FNAME, O_RDONLY);
	TST_EXP_PASS(fstatfs(fd, &before), "%s: fstatfs()", tst_fs_type);
	SAFE_CLOSE(fd);
	TST_EXP_EQ_LU(before.f_type, fs_magics[i].magic);
	bytes = (unsigned long long)before.f_blocks * before.f_bsize;
	image = (unsigned long long)fs_magics[i].mb << 20;
	if (fs_is("tmpfs"))
		TST_EXP_EXPR(bytes == image, "tmpfs: f_blocks %llu * f_bsize "
			     "%ld is the size= of %llu", (unsigned long long)
			     before.f_blocks, (long)before.f_bsize, image);
	else
		TST_EXP_EXPR(bytes <= image && bytes > image / 2,
			     "%s: f_blocks %llu * f_bsize %ld = %llu, within "
			     "the image's %llu and above half of it",
			     tst_fs_type, (unsigned long long)before.f_blocks,
			     (long)before.f_bsize, bytes, image);
	if (fs_cycle())
		return;
	fd = SAFE_OPEN(FNAME, O_RDONLY);
	TST_EXP_PASS(fstatfs(fd, &after), "%s: fstatfs() after umount and "
		     "mount", tst_fs_type);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(after.f_type == before.f_type &&
		     after.f_bsize == before.f_bsize &&
		     after.f_blocks == before.f_blocks &&
		     after.f_namelen == before.f_namelen &&
		     !memcmp(&after.f_fsid, &before.f_fsid,
			     sizeof(after.f_fsid)),
		     "%s: type, bsize, blocks, namelen and fsid %08x:%08x "
		     "kept across the remount", tst_fs_type,
		     after.f_fsid.__val[0], after.f_fsid.__val[1]);
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
	every_mount_isolated();
	matrix_fs();
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.needs_tmpdir = 1,
	.all_filesystems = 1,
	.needs_root = 1,
};
