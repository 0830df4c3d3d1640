// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rename(): of a symbolic link, the link itself is renamed (the target
 * keeps its name and inode; the new name is a link with the same
 * contents). A directory moved into another directory: the old
 * parent's st_nlink one lower, the new parent's one higher, and ".." in
 * the moved directory now names the new parent; the mtime and ctime of
 * both parents are marked for update. [EXDEV] when the new path is on
 * another file system (/dev/shm, checked by st_dev), the old name kept.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64];

static const char *P(const char *name)
{
	static char buf[4][128];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

static void st(const char *p, struct stat *s)
{
	if (lstat(p, s))
		PTS_FAILED("lstat(%s): %m", p);
}

static void tick_past(const struct stat *s)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);

	while (pts_now(CLOCK_REALTIME_COARSE) <= pts_ts_ns(&s->st_ctim) ||
	       pts_now(CLOCK_REALTIME_COARSE) <= pts_ts_ns(&s->st_mtim)) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("CLOCK_REALTIME_COARSE does not advance");
		pts_nap();
	}
}

int main(void)
{
	struct stat t0, t1, a0, a1, b0, b1, s, shm;
	char buf[16], shmpath[64];
	ssize_t n;
	int fd;

	strcpy(dir, "/tmp/pts_rename3.XXXXXX");
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %m");
	fd = open(P("target"), O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || close(fd) || symlink("target", P("l1")) ||
	    mkdir(P("a"), 0755) || mkdir(P("b"), 0755) ||
	    mkdir(P("a/sub"), 0755))
		PTS_UNRES("fixture: %m");

	st(P("target"), &t0);
	if (rename(P("l1"), P("l2")))
		PTS_FAILED("rename() of a symlink: %m");
	st(P("target"), &t1);
	st(P("l2"), &s);
	n = readlink(P("l2"), buf, sizeof(buf));
	if (t1.st_ino != t0.st_ino || !S_ISLNK(s.st_mode) || n != 6 ||
	    memcmp(buf, "target", 6) || !lstat(P("l1"), &s))
		PTS_FAILED("the link was not renamed as itself (target moved or followed)");

	st(P("a"), &a0);
	st(P("b"), &b0);
	tick_past(&a0);
	tick_past(&b0);
	if (rename(P("a/sub"), P("b/sub")))
		PTS_FAILED("rename() of a directory into another: %m");
	st(P("a"), &a1);
	st(P("b"), &b1);
	if (a1.st_nlink != a0.st_nlink - 1 || b1.st_nlink != b0.st_nlink + 1)
		PTS_FAILED("link counts: old parent %lu -> %lu, new parent %lu -> %lu",
			   (unsigned long)a0.st_nlink, (unsigned long)a1.st_nlink,
			   (unsigned long)b0.st_nlink, (unsigned long)b1.st_nlink);
	st(P("b/sub/.."), &s);
	if (s.st_ino != b1.st_ino)
		PTS_FAILED("\"..\" of the moved directory is not the new parent");
	if (pts_ts_ns(&a1.st_mtim) <= pts_ts_ns(&a0.st_mtim) ||
	    pts_ts_ns(&a1.st_ctim) <= pts_ts_ns(&a0.st_ctim) ||
	    pts_ts_ns(&b1.st_mtim) <= pts_ts_ns(&b0.st_mtim) ||
	    pts_ts_ns(&b1.st_ctim) <= pts_ts_ns(&b0.st_ctim))
		PTS_FAILED("the parents' mtime/ctime not updated");

	snprintf(shmpath, sizeof(shmpath), "/dev/shm/pts_rename3_%d", (int)getpid());
	st(dir, &s);
	if (stat("/dev/shm", &shm) || shm.st_dev == s.st_dev) {
		printf("/dev/shm missing or on the same file system: EXDEV not checked\n");
	} else {
		PTS_EXPECT_ERRNO(rename(P("target"), shmpath), EXDEV,
				 "rename() to another file system");
		st(P("target"), &t1);
		if (!lstat(shmpath, &s))
			PTS_FAILED("a name was made on the other file system");
	}
	unlink(P("target"));
	unlink(P("l2"));
	rmdir(P("b/sub"));
	rmdir(P("a"));
	rmdir(P("b"));
	rmdir(dir);
	PTS_PASSED("a symlink renamed as itself; directory moved (nlink, \"..\", times); EXDEV");
}
