// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * statx(2) on NFS: AT_STATX_DONT_SYNC answers from the client's attribute
 * cache, AT_STATX_FORCE_SYNC asks the server.
 *
 * The file lives in the exported directory. The server's side of it
 * ($LTP_NFS_EXPORT, the local ext4 view) changes its mode, size, owner
 * and group behind the client's back; the client ($LTP_NFS_DIR, the NFS
 * mount of that directory) must then report:
 * - with AT_STATX_DONT_SYNC, through an O_PATH descriptor (no lookup, so
 *   nothing may refresh the cache) and through the path, the values it
 *   cached by the AT_STATX_FORCE_SYNC call before the change;
 * - with AT_STATX_FORCE_SYNC, at once (well inside the attribute cache's
 *   acregmin of 3 s), exactly what stat() says on the server: mode, size,
 *   uid, gid, inode number, link count, mtime and ctime to the ns;
 * - with AT_STATX_DONT_SYNC afterwards, those new values (the cache now
 *   holds them);
 * - EINVAL when both flags are given (fs/stat.c rejects the pair).
 * nfs_getattr() (fs/nfs/inode.c) skips revalidation for DONT_SYNC and
 * revalidates unconditionally for FORCE_SYNC; the NFS client took the
 * flags in 9ccee940bd5b ("Support statx() mask and query flags
 * parameters"). A client that ignored FORCE_SYNC reports the old values
 * (until acregmin passes), one that ignored DONT_SYNC the new ones.
 *
 * Run through nfs_run.sh -n VERSION (runtest/nfs), which sets
 * LTP_NFS_DIR; ltp-vm --nfs sets LTP_NFS_EXPORT. TCONF without them.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/vfs.h>
#include <linux/magic.h>
#include "tst_test.h"

#define OLD_MODE	0644
#define NEW_MODE	0751
#define NEW_UID		4242
#define NEW_GID		4343
#define NEW_SIZE	4097

static char srv_dir[PATH_MAX], srv_file[PATH_MAX], cli_file[PATH_MAX];
static int path_fd = -1;
static int dir_made, file_made;

struct want {
	unsigned int mode;
	unsigned long long size;
	unsigned int uid, gid;
};

static int differs(const char *what, const struct statx *stx,
		   const struct want *w)
{
	unsigned int mode = stx->stx_mode & 07777;

	if (mode == w->mode && stx->stx_size == w->size &&
	    stx->stx_uid == w->uid && stx->stx_gid == w->gid)
		return 0;
	tst_res(TFAIL, "%s: mode %04o size %llu uid %u gid %u, expected "
		"%04o %llu %u %u", what, mode,
		(unsigned long long)stx->stx_size, stx->stx_uid, stx->stx_gid,
		w->mode, w->size, w->uid, w->gid);
	return 1;
}

/* statx() that must succeed; the result is then compared */
static int do_statx(const char *what, int by_fd, int flags, struct statx *stx)
{
	if (by_fd)
		TEST(statx(path_fd, "", AT_EMPTY_PATH | flags,
			   STATX_BASIC_STATS, stx));
	else
		TEST(statx(AT_FDCWD, cli_file, flags, STATX_BASIC_STATS, stx));
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "%s", what);
		return 1;
	}
	return 0;
}

static void expect(const char *what, int by_fd, int flags,
		   const struct want *w)
{
	struct statx stx;

	if (do_statx(what, by_fd, flags, &stx) || differs(what, &stx, w))
		return;
	tst_res(TPASS, "%s: mode %04o size %llu uid %u gid %u", what,
		w->mode, w->size, w->uid, w->gid);
}

static int same_ts(const struct statx_timestamp *a, const struct timespec *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == (__u32)b->tv_nsec;
}

static void expect_server(void)
{
	const char *what = "FORCE_SYNC (fd) after the server's change";
	struct want w = { NEW_MODE, NEW_SIZE, NEW_UID, NEW_GID };
	struct statx stx;
	struct stat st;

	if (do_statx(what, 1, AT_STATX_FORCE_SYNC, &stx) ||
	    differs(what, &stx, &w))
		return;
	SAFE_STAT(srv_file, &st);
	if (stx.stx_ino != st.st_ino || stx.stx_nlink != st.st_nlink ||
	    stx.stx_mode != st.st_mode ||
	    !same_ts(&stx.stx_mtime, &st.st_mtim) ||
	    !same_ts(&stx.stx_ctime, &st.st_ctim)) {
		tst_res(TFAIL, "%s: ino %llu nlink %u mode %o mtime %lld.%09u "
			"ctime %lld.%09u, the server's %lu %lu %o %lld.%09ld "
			"%lld.%09ld", what, (unsigned long long)stx.stx_ino,
			stx.stx_nlink, stx.stx_mode,
			(long long)stx.stx_mtime.tv_sec, stx.stx_mtime.tv_nsec,
			(long long)stx.stx_ctime.tv_sec, stx.stx_ctime.tv_nsec,
			(unsigned long)st.st_ino, (unsigned long)st.st_nlink,
			st.st_mode, (long long)st.st_mtim.tv_sec,
			st.st_mtim.tv_nsec, (long long)st.st_ctim.tv_sec,
			st.st_ctim.tv_nsec);
		return;
	}
	tst_res(TPASS, "%s: the server's mode, size, owner, group, inode, "
		"link count, mtime and ctime", what);
}

/* the server's local view: chmod, truncate and chown the exported file */
static void server_set(const struct want *w)
{
	SAFE_TRUNCATE(srv_file, w->size);
	SAFE_CHMOD(srv_file, w->mode);
	SAFE_CHOWN(srv_file, w->uid, w->gid);
}

static void run(void)
{
	const struct want old = { OLD_MODE, 0, 0, 0 };
	const struct want new = { NEW_MODE, NEW_SIZE, NEW_UID, NEW_GID };
	struct statx stx;

	/* the client caches the old attributes */
	server_set(&old);
	expect("FORCE_SYNC (path) before the change", 0, AT_STATX_FORCE_SYNC,
	       &old);

	server_set(&new);
	expect("DONT_SYNC (fd) after the server's change: cached", 1,
	       AT_STATX_DONT_SYNC, &old);
	expect("DONT_SYNC (path) after the server's change: cached", 0,
	       AT_STATX_DONT_SYNC, &old);

	expect_server();
	expect("DONT_SYNC (path) after FORCE_SYNC: the refreshed cache", 0,
	       AT_STATX_DONT_SYNC, &new);
	expect("DONT_SYNC (fd) after FORCE_SYNC: the refreshed cache", 1,
	       AT_STATX_DONT_SYNC, &new);

	TST_EXP_FAIL(statx(path_fd, "", AT_EMPTY_PATH | AT_STATX_FORCE_SYNC |
			   AT_STATX_DONT_SYNC, STATX_BASIC_STATS, &stx),
		     EINVAL, "statx(FORCE_SYNC | DONT_SYNC)");
}

static void setup(void)
{
	const char *cli = getenv("LTP_NFS_DIR");
	const char *srv = getenv("LTP_NFS_EXPORT");
	struct statfs sfs;
	int fd;

	if (!cli || !*cli || !srv || !*srv)
		tst_brk(TCONF, "needs $LTP_NFS_DIR (an NFS mount of the "
			"export) and $LTP_NFS_EXPORT (the exported directory): "
			"ltp-vm --nfs and nfs_run.sh");
	if (statfs(cli, &sfs))
		tst_brk(TBROK | TERRNO, "statfs(%s)", cli);
	if (sfs.f_type != NFS_SUPER_MAGIC)
		tst_brk(TCONF, "%s is not NFS (f_type 0x%lx)", cli,
			(unsigned long)sfs.f_type);

	if (snprintf(srv_dir, sizeof(srv_dir), "%s/statx_sync01.%d", srv,
		     getpid()) >= (int)sizeof(srv_dir) ||
	    snprintf(srv_file, sizeof(srv_file), "%s/file", srv_dir) >=
	    (int)sizeof(srv_file) ||
	    snprintf(cli_file, sizeof(cli_file), "%s/statx_sync01.%d/file",
		     cli, getpid()) >= (int)sizeof(cli_file))
		tst_brk(TBROK, "paths under %s or %s too long", srv, cli);

	/* made on the server's side: the client has nothing cached yet */
	SAFE_MKDIR(srv_dir, 0755);
	dir_made = 1;
	fd = SAFE_OPEN(srv_file, O_CREAT | O_EXCL | O_WRONLY, OLD_MODE);
	file_made = 1;
	SAFE_CLOSE(fd);

	/* O_PATH: no NFSv4 OPEN, so the server hands out no delegation */
	path_fd = open(cli_file, O_PATH);
	if (path_fd < 0)
		tst_brk(TBROK | TERRNO, "open(%s, O_PATH): is %s the export "
			"that %s mounts?", cli_file, srv, cli);
}

static void cleanup(void)
{
	if (path_fd >= 0)
		SAFE_CLOSE(path_fd);
	if (file_made)
		SAFE_UNLINK(srv_file);
	if (dir_made)
		SAFE_RMDIR(srv_dir);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
};
