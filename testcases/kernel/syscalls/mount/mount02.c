// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mount(2) on existing mounts and trees:
 * - MS_REMOUNT|MS_RDONLY of a tmpfs holding a file: writing is EROFS, the
 *   file still reads back its data (same superblock); MS_REMOUNT without
 *   MS_RDONLY makes it writable again;
 * - MS_BIND of a directory: a file made through either path is the same
 *   inode in the other; after umount2() the bind target is empty and the
 *   source keeps the file; MS_BIND of a file onto a file shows the
 *   source's data;
 * - MS_REMOUNT|MS_BIND|MS_RDONLY: the bind mount alone becomes read-only
 *   (EROFS through it), the source stays writable;
 * - MS_MOVE: the mount and its file leave the old place for the new one;
 * - MS_SHARED / MS_PRIVATE: a mount made under a shared mount appears in
 *   its bind peer, and mountinfo says "shared:"; under a private one it
 *   does not.
 * All of it in the test process's own private mount namespace (unshare
 * CLONE_NEWNS in setup), below its tmpdir; cleanup() unmounts leftovers.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "mount_ns.h"

static const char *const dirs[] = { "mnt", "mnt2", "src" };

static void must_umount(const char *path)
{
	if (umount2(path, 0))
		tst_brk(TBROK | TERRNO, "umount2(%s, 0)", path);
}

static int can_write(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT, 0644);

	if (fd < 0)
		return -1;
	SAFE_CLOSE(fd);
	return 0;
}

static void check_remount(void)
{
	char buf[8] = "";
	int fd;

	SAFE_MOUNT("ltp_mount02", "mnt", "tmpfs", 0, NULL);
	SAFE_FILE_PRINTF("mnt/file", "data");
	TST_EXP_PASS(mount(NULL, "mnt", NULL, MS_REMOUNT | MS_RDONLY, NULL),
		     "mount(MS_REMOUNT | MS_RDONLY)");
	TST_EXP_FAIL(can_write("mnt/file"), EROFS,
		     "open(O_WRONLY) after the read-only remount");
	fd = SAFE_OPEN("mnt/file", O_RDONLY);
	SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!strcmp(buf, "data"),
		     "the file keeps its data across the remount ('%s')", buf);
	TST_EXP_PASS(mount(NULL, "mnt", NULL, MS_REMOUNT, NULL),
		     "mount(MS_REMOUNT) back to read-write");
	TST_EXP_PASS(can_write("mnt/file"),
		     "open(O_WRONLY) after the read-write remount");
	must_umount("mnt");
}

static void check_bind(void)
{
	struct stat a, b;
	char buf[8] = "";
	int fd;

	TST_EXP_PASS(mount("src", "mnt", NULL, MS_BIND, NULL),
		     "mount(src, mnt, MS_BIND)");
	if (!TST_PASS)
		return;
	SAFE_FILE_PRINTF("mnt/via_bind", "x");
	SAFE_FILE_PRINTF("src/via_src", "x");
	SAFE_STAT("mnt/via_bind", &a);
	SAFE_STAT("src/via_bind", &b);
	TST_EXP_EXPR(a.st_ino == b.st_ino && a.st_dev == b.st_dev,
		     "a file made through the bind mount is in the source");
	TST_EXP_PASS(access("mnt/via_src", F_OK),
		     "a file made in the source is seen through the bind mount");
	must_umount("mnt");
	TST_EXP_FAIL(access("mnt/via_bind", F_OK), ENOENT,
		     "after umount2() the bind target is the empty directory");
	TST_EXP_PASS(access("src/via_bind", F_OK),
		     "after umount2() the source keeps the file");
	SAFE_UNLINK("src/via_bind");
	SAFE_UNLINK("src/via_src");

	SAFE_FILE_PRINTF("file_src", "bind");
	SAFE_FILE_PRINTF("file_dst", "orig");
	TST_EXP_PASS(mount("file_src", "file_dst", NULL, MS_BIND, NULL),
		     "mount(file_src, file_dst, MS_BIND) of a file");
	if (!TST_PASS)
		return;
	fd = SAFE_OPEN("file_dst", O_RDONLY);
	SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!strcmp(buf, "bind"),
		     "file_dst reads the bound file's data ('%s')", buf);
	must_umount("file_dst");
}

static void check_bind_ro(void)
{
	SAFE_MOUNT("src", "mnt", NULL, MS_BIND, NULL);
	TST_EXP_PASS(mount(NULL, "mnt", NULL,
			   MS_REMOUNT | MS_BIND | MS_RDONLY, NULL),
		     "mount(MS_REMOUNT | MS_BIND | MS_RDONLY)");
	TST_EXP_FAIL(can_write("mnt/file"), EROFS,
		     "creating a file through the read-only bind mount");
	TST_EXP_PASS(can_write("src/file"),
		     "creating the file in the source, still read-write");
	must_umount("mnt");
	SAFE_UNLINK("src/file");
}

static void check_move(void)
{
	SAFE_MOUNT("ltp_mount02", "mnt", "tmpfs", 0, NULL);
	SAFE_FILE_PRINTF("mnt/file", "x");
	TST_EXP_PASS(mount("mnt", "mnt2", NULL, MS_MOVE, NULL),
		     "mount(mnt, mnt2, MS_MOVE)");
	if (!TST_PASS)
		return;
	TST_EXP_EXPR(mnt_count("mnt") == 0 && mnt_count("mnt2") == 1,
		     "mountinfo has the mount on mnt2 and none on mnt");
	TST_EXP_PASS(access("mnt2/file", F_OK),
		     "the tmpfs's file is under mnt2");
	TST_EXP_FAIL(access("mnt/file", F_OK), ENOENT,
		     "the tmpfs's file is no longer under mnt");
	must_umount("mnt2");
}

/* 1 when the mountinfo line of the mount on path has a "shared:" tag. */
static int is_shared(const char *path)
{
	char abs[PATH_MAX], line[4096], mp[PATH_MAX];
	int shared = 0;
	FILE *f;

	mnt_realpath(path, abs);
	f = fopen("/proc/self/mountinfo", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/mountinfo)");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%*s %*s %*s %*s %4095s", mp) == 1 &&
		    !strcmp(mp, abs))
			shared = !!strstr(line, " shared:");
	fclose(f);
	return shared;
}

static void check_propagation(void)
{
	SAFE_MOUNT("ltp_mount02", "mnt", "tmpfs", 0, NULL);
	SAFE_MKDIR("mnt/sub", 0755);
	TST_EXP_PASS(mount(NULL, "mnt", NULL, MS_SHARED, NULL),
		     "mount(MS_SHARED)");
	TST_EXP_EXPR(is_shared("mnt"), "mountinfo tags mnt shared:");
	SAFE_MOUNT("mnt", "mnt2", NULL, MS_BIND, NULL);
	SAFE_MOUNT("ltp_mount02_sub", "mnt/sub", "tmpfs", 0, NULL);
	SAFE_FILE_PRINTF("mnt/sub/file", "x");
	TST_EXP_PASS(access("mnt2/sub/file", F_OK),
		     "a mount under the shared mount appears in its bind peer");
	SAFE_UMOUNT("mnt/sub");
	TST_EXP_FAIL(access("mnt2/sub/file", F_OK), ENOENT,
		     "its umount2() propagates to the peer too");

	TST_EXP_PASS(mount(NULL, "mnt", NULL, MS_PRIVATE, NULL),
		     "mount(MS_PRIVATE)");
	TST_EXP_EXPR(!is_shared("mnt"), "mountinfo has no shared: for mnt");
	SAFE_MOUNT("ltp_mount02_sub", "mnt/sub", "tmpfs", 0, NULL);
	SAFE_FILE_PRINTF("mnt/sub/file", "x");
	TST_EXP_FAIL(access("mnt2/sub/file", F_OK), ENOENT,
		     "a mount under the private mount stays out of the peer");
	must_umount("mnt/sub");
	must_umount("mnt2");
	must_umount("mnt");
}

static void (*const checks[])(void) = {
	check_remount, check_bind, check_bind_ro, check_move,
	check_propagation,
};

static void run(unsigned int n)
{
	checks[n]();
}

static void setup(void)
{
	unsigned int i;

	mnt_private_ns();
	for (i = 0; i < ARRAY_SIZE(dirs); i++)
		SAFE_MKDIR(dirs[i], 0755);
}

static void cleanup(void)
{
	unsigned int i;

	mnt_umount_all("mnt/sub");
	for (i = 0; i < ARRAY_SIZE(dirs); i++)
		mnt_umount_all(dirs[i]);
	if (!access("file_dst", F_OK))
		mnt_umount_all("file_dst");
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(checks),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
