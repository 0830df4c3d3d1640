// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * statx(2) flags and the birth time:
 * - AT_SYMLINK_NOFOLLOW reports the link (S_IFLNK, size of the target
 *   string), no flag reports the target;
 * - AT_EMPTY_PATH with "" reports dirfd itself (an O_RDONLY and an O_PATH
 *   fd);
 * - AT_STATX_FORCE_SYNC and AT_STATX_DONT_SYNC are accepted and, on a
 *   local filesystem, report what the default AT_STATX_SYNC_AS_STAT does;
 * - STATX_BTIME, on an ext4 loop device with 256-byte inodes (which
 *   have room for it) the library mounts: reported, the birth time lies
 *   between the clock before and after creation, and stays put when the
 *   file is written and chmod()ed later while mtime and ctime move;
 * - mtime and ctime lie in the window of the write() that set them,
 *   atime (made old first, so relatime updates it) in that of a read(),
 *   ctime in that of an fchmod(), which leaves mtime alone.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define MNT "mnt"
#define FILE_BASE "statx02_file"
#define FILE_NAME MNT "/" FILE_BASE
#define LINK_NAME MNT "/statx02_link"
#define BTIME_FILE MNT "/statx02_born"

static int fd = -1, path_fd = -1;

static void setup(void)
{
	fsm_create_file(FILE_NAME, 0640, "statx02");
	/* the target relative to the link's directory */
	FSM_SAFE(symlink(FILE_BASE, LINK_NAME));
	fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
	path_fd = SAFE_OPEN(FILE_NAME, O_PATH);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
	if (path_fd >= 0)
		SAFE_CLOSE(path_fd);
}

static void check_flags(void)
{
	struct statx stx, lstx;
	struct stat st;

	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_PASS(statx(AT_FDCWD, LINK_NAME, AT_SYMLINK_NOFOLLOW,
			   STATX_BASIC_STATS, &lstx));
	TST_EXP_EXPR(S_ISLNK(lstx.stx_mode) &&
		     lstx.stx_size == strlen(FILE_BASE),
		     "AT_SYMLINK_NOFOLLOW: S_IFLNK of size %llu (mode %o)",
		     (unsigned long long)lstx.stx_size, lstx.stx_mode);
	TST_EXP_PASS(statx(AT_FDCWD, LINK_NAME, 0, STATX_BASIC_STATS, &stx));
	TST_EXP_EXPR(S_ISREG(stx.stx_mode) && stx.stx_ino == st.st_ino,
		     "without it the link is followed to the file");

	TST_EXP_PASS(statx(fd, "", AT_EMPTY_PATH, STATX_BASIC_STATS, &stx));
	TST_EXP_EQ_LU(stx.stx_ino, st.st_ino);
	TST_EXP_PASS(statx(path_fd, "", AT_EMPTY_PATH, STATX_BASIC_STATS,
			   &stx));
	TST_EXP_EQ_LU(stx.stx_ino, st.st_ino);
}

static void check_sync_flags(void)
{
	static const struct {
		int flag;
		const char *name;
	} syncs[] = {
		{ AT_STATX_FORCE_SYNC, "AT_STATX_FORCE_SYNC" },
		{ AT_STATX_DONT_SYNC, "AT_STATX_DONT_SYNC" },
	};
	struct statx ref, stx;
	unsigned int i;

	SAFE_CHMOD(FILE_NAME, 0604);
	TST_EXP_PASS(statx(AT_FDCWD, FILE_NAME, AT_STATX_SYNC_AS_STAT,
			   STATX_BASIC_STATS, &ref));
	for (i = 0; i < sizeof(syncs) / sizeof(syncs[0]); i++) {
		TST_EXP_PASS(statx(AT_FDCWD, FILE_NAME, syncs[i].flag,
				   STATX_BASIC_STATS, &stx),
			     "statx() with %s", syncs[i].name);
		TST_EXP_EXPR(stx.stx_ino == ref.stx_ino &&
			     stx.stx_mode == ref.stx_mode &&
			     stx.stx_size == ref.stx_size &&
			     stx.stx_ctime.tv_sec == ref.stx_ctime.tv_sec &&
			     stx.stx_ctime.tv_nsec == ref.stx_ctime.tv_nsec,
			     "%s reports the same inode, mode (%o), size "
			     "and ctime", syncs[i].name, stx.stx_mode);
	}
	SAFE_CHMOD(FILE_NAME, 0640);
}

static void check_btime(void)
{
	struct timespec before, after;
	struct statx stx, later;
	int wfd;

	if (!access(BTIME_FILE, F_OK))
		SAFE_UNLINK(BTIME_FILE);
	clock_gettime(CLOCK_REALTIME_COARSE, &before);
	wfd = SAFE_OPEN(BTIME_FILE, O_WRONLY | O_CREAT | O_EXCL, 0600);
	clock_gettime(CLOCK_REALTIME, &after);

	TST_EXP_PASS(statx(wfd, "", AT_EMPTY_PATH, STATX_BTIME | STATX_MTIME,
			   &stx));
	if (!TST_PASS) {
		SAFE_CLOSE(wfd);
		return;
	}
	if (!(stx.stx_mask & STATX_BTIME)) {
		SAFE_CLOSE(wfd);
		tst_res(TFAIL, "ext4 with 256-byte inodes does not report "
			"STATX_BTIME (stx_mask 0x%x)", stx.stx_mask);
		return;
	}
	TST_EXP_EXPR((stx.stx_btime.tv_sec > before.tv_sec ||
		      (stx.stx_btime.tv_sec == before.tv_sec &&
		       stx.stx_btime.tv_nsec >= before.tv_nsec)) &&
		     (stx.stx_btime.tv_sec < after.tv_sec ||
		      (stx.stx_btime.tv_sec == after.tv_sec &&
		       stx.stx_btime.tv_nsec <= after.tv_nsec)),
		     "btime %lld.%09u within the creation window",
		     (long long)stx.stx_btime.tv_sec, stx.stx_btime.tv_nsec);

	fsm_next_tick();
	SAFE_WRITE(1, wfd, "more", 4);
	SAFE_CLOSE(wfd);
	SAFE_CHMOD(BTIME_FILE, 0644);
	TST_EXP_PASS(statx(AT_FDCWD, BTIME_FILE, 0,
			   STATX_BTIME | STATX_MTIME | STATX_CTIME, &later));
	TST_EXP_EXPR(later.stx_btime.tv_sec == stx.stx_btime.tv_sec &&
		     later.stx_btime.tv_nsec == stx.stx_btime.tv_nsec,
		     "btime unchanged by write() and chmod()");
	TST_EXP_EXPR(later.stx_mtime.tv_sec != stx.stx_mtime.tv_sec ||
		     later.stx_mtime.tv_nsec != stx.stx_mtime.tv_nsec,
		     "while mtime moved");
}

/* ts within [before, after] */
static int within(const struct statx_timestamp *ts,
		  const struct timespec *before, const struct timespec *after)
{
	return (ts->tv_sec > before->tv_sec ||
		(ts->tv_sec == before->tv_sec &&
		 ts->tv_nsec >= before->tv_nsec)) &&
	       (ts->tv_sec < after->tv_sec ||
		(ts->tv_sec == after->tv_sec && ts->tv_nsec <= after->tv_nsec));
}

#define TIMES_FILE MNT "/statx02_times"

/* Each timestamp lies in the window of the call that set it. */
static void check_windows(void)
{
	struct timespec before, after, old[2] = { { 1000, 0 }, { 1000, 0 } };
	struct statx stx;
	char c;
	int fd;

	fd = SAFE_OPEN(TIMES_FILE, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, "x", 1);

	fsm_next_tick();
	clock_gettime(CLOCK_REALTIME_COARSE, &before);
	SAFE_PWRITE(1, fd, "y", 1, 0);
	clock_gettime(CLOCK_REALTIME, &after);
	TST_EXP_PASS(statx(fd, "", AT_EMPTY_PATH, STATX_MTIME | STATX_CTIME,
			   &stx));
	TST_EXP_EXPR(within(&stx.stx_mtime, &before, &after) &&
		     within(&stx.stx_ctime, &before, &after),
		     "mtime %lld.%09u and ctime within the write() window",
		     (long long)stx.stx_mtime.tv_sec, stx.stx_mtime.tv_nsec);

	/* an old atime: relatime updates it on the next read */
	if (futimens(fd, old))
		tst_brk(TBROK | TERRNO, "futimens(1000 s)");
	fsm_next_tick();
	clock_gettime(CLOCK_REALTIME_COARSE, &before);
	SAFE_PREAD(1, fd, &c, 1, 0);
	clock_gettime(CLOCK_REALTIME, &after);
	TST_EXP_PASS(statx(fd, "", AT_EMPTY_PATH, STATX_ATIME | STATX_MTIME,
			   &stx));
	TST_EXP_EXPR(within(&stx.stx_atime, &before, &after),
		     "atime %lld.%09u within the read() window",
		     (long long)stx.stx_atime.tv_sec, stx.stx_atime.tv_nsec);
	TST_EXP_EXPR(stx.stx_mtime.tv_sec == 1000 && !stx.stx_mtime.tv_nsec,
		     "mtime stays the 1000 s set, the read does not move it");

	fsm_next_tick();
	clock_gettime(CLOCK_REALTIME_COARSE, &before);
	if (fchmod(fd, 0640))
		tst_brk(TBROK | TERRNO, "fchmod()");
	clock_gettime(CLOCK_REALTIME, &after);
	TST_EXP_PASS(statx(fd, "", AT_EMPTY_PATH, STATX_CTIME | STATX_MTIME,
			   &stx));
	TST_EXP_EXPR(within(&stx.stx_ctime, &before, &after) &&
		     stx.stx_mtime.tv_sec == 1000,
		     "ctime %lld.%09u within the fchmod() window, mtime kept",
		     (long long)stx.stx_ctime.tv_sec, stx.stx_ctime.tv_nsec);
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	void (*const checks[])(void) = {
		check_flags, check_sync_flags, check_btime, check_windows,
	};

	checks[n]();
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
	/* 256-byte inodes hold the birth time */
	.dev_fs_opts = (const char *const []) {"-I", "256", NULL},
};
