/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers shared by the file metadata syscall tests (stat, chmod, chown,
 * link, rename, ...): set-up calls that TBROK on failure, the paths that
 * provoke the generic path errors (ENAMETOOLONG, ELOOP, EFAULT), and
 * running a check as the unprivileged user "nobody" in a child.
 */
#ifndef FSMETA_H
#define FSMETA_H

#include <limits.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "tst_test.h"
#include "as_nobody.h"

/* A set-up call returning -1 on failure: TBROK with its text and errno. */
#define FSM_SAFE(call) do { \
	if ((call) == -1) \
		tst_brk(TBROK | TERRNO, "%s", #call); \
} while (0)

/* The ids tst_drop_privs() switches to. */
static inline void fsm_nobody_ids(uid_t *uid, gid_t *gid)
{
	struct passwd *pw = getpwnam("nobody");

	*uid = pw ? pw->pw_uid : 65534;
	*gid = pw ? pw->pw_gid : 65534;
}

/* Create (or truncate) a file holding data, with exactly this mode. */
static inline void fsm_create_file(const char *path, mode_t mode,
				   const char *data)
{
	int fd = SAFE_OPEN(path, O_WRONLY | O_CREAT | O_TRUNC, mode);

	if (data)
		SAFE_WRITE(1, fd, data, strlen(data));
	SAFE_CLOSE(fd);
	/* The umask may have cleared bits of mode. */
	SAFE_CHMOD(path, mode);
}

/*
 * An unmapped page: the kernel must answer EFAULT for a pointer into it
 * (an address glibc passes through unread).
 */
static inline void *fsm_bad_addr(void)
{
	return SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

/*
 * A path of PATH_MAX bytes without its NUL: one byte too long for the
 * kernel (ENAMETOOLONG), made of short components so that no single name
 * is too long first.
 */
static inline const char *fsm_long_path(void)
{
	static char path[PATH_MAX + 1];
	size_t i;

	for (i = 0; i < PATH_MAX; i++)
		path[i] = (i % 8 == 7) ? '/' : 'x';
	path[PATH_MAX] = '\0';
	return path;
}

/* A single name of NAME_MAX + 1 bytes: ENAMETOOLONG on every filesystem. */
static inline const char *fsm_long_name(void)
{
	static char name[NAME_MAX + 2];

	memset(name, 'n', NAME_MAX + 1);
	name[NAME_MAX + 1] = '\0';
	return name;
}

/*
 * Two symlinks pointing at each other, named a and b in the cwd: any
 * lookup that follows them ends in ELOOP.
 */
static inline void fsm_make_loop(const char *a, const char *b)
{
	FSM_SAFE(symlink(b, a));
	FSM_SAFE(symlink(a, b));
}

/*
 * Run fn() in a child that dropped to nobody, and wait for it: its results
 * count through the library's shared page. A child killed by a signal or
 * ended by tst_brk() is reported here.
 */
static inline void fsm_as_nobody(void (*fn)(void))
{
	run_in_nobody_child(fn, "the checks as nobody");
}

/* 1 when the tmpdir (cwd) is on a filesystem mounted noexec. */
static inline int fsm_cwd_noexec(void)
{
	struct statvfs sv;

	if (statvfs(".", &sv))
		tst_brk(TBROK | TERRNO, "statvfs(.)");
	return !!(sv.f_flag & ST_NOEXEC);
}

/* Order of two timestamps, like strcmp(). */
static inline int fsm_ts_cmp(const struct timespec *a,
			     const struct timespec *b)
{
	if (a->tv_sec != b->tv_sec)
		return a->tv_sec < b->tv_sec ? -1 : 1;
	if (a->tv_nsec != b->tv_nsec)
		return a->tv_nsec < b->tv_nsec ? -1 : 1;
	return 0;
}

/* Wait until CLOCK_REALTIME's coarse clock (what file times use) ticks. */
static inline void fsm_next_tick(void)
{
	struct timespec start, now;

	clock_gettime(CLOCK_REALTIME_COARSE, &start);
	do {
		usleep(1000);
		clock_gettime(CLOCK_REALTIME_COARSE, &now);
	} while (!fsm_ts_cmp(&start, &now));
}

/*
 * The st_nlink a directory has where the usual rule (2 + subdirectories)
 * gives expect: btrfs keeps every directory's st_nlink at 1, and so does
 * ntfs3 (a directory's count is its number of names, fs/ntfs3/inode.c;
 * subdirectories add nothing). The cwd's filesystem is asked.
 */
#define FSM_BTRFS_MAGIC 0x9123683EU
#define FSM_NTFS3_MAGIC 0x7366746EU
static inline long fsm_dir_nlink(long expect)
{
	struct statfs sfs;

	if (statfs(".", &sfs))
		tst_brk(TBROK | TERRNO, "statfs(.)");
	if ((unsigned int)sfs.f_type == FSM_BTRFS_MAGIC ||
	    (unsigned int)sfs.f_type == FSM_NTFS3_MAGIC)
		return 1;
	return expect;
}

/* 1 when path is a file holding exactly data (a short string), else 0. */
static inline int fsm_has_data(const char *path, const char *data)
{
	char buf[32] = "";
	int fd = open(path, O_RDONLY);
	ssize_t len;

	if (fd < 0)
		return 0;
	len = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return len == (ssize_t)strlen(data) && !memcmp(buf, data, len);
}

struct fsm_file {
	const char *path, *data;
};

/*
 * 1 when a tree an error path must leave alone is unchanged: every file
 * still holds its data, every directory is still one and none of the
 * absent names appeared (absent may be NULL). Else 0 and a TINFO that
 * names the first difference.
 */
static inline int fsm_tree_intact(const struct fsm_file *files, size_t nfiles,
				  const char *const *dirs, size_t ndirs,
				  const char *const *absent, size_t nabsent)
{
	struct stat st;
	size_t i;

	for (i = 0; i < nfiles; i++) {
		if (!fsm_has_data(files[i].path, files[i].data)) {
			tst_res(TINFO, "%s lost its data", files[i].path);
			return 0;
		}
	}
	for (i = 0; i < ndirs; i++) {
		if (lstat(dirs[i], &st) || !S_ISDIR(st.st_mode)) {
			tst_res(TINFO, "%s is no longer a directory", dirs[i]);
			return 0;
		}
	}
	for (i = 0; i < nabsent; i++) {
		if (!lstat(absent[i], &st)) {
			tst_res(TINFO, "%s appeared", absent[i]);
			return 0;
		}
	}
	return 1;
}

#endif /* FSMETA_H */
