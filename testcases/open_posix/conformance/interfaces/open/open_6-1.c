// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open() and the file times: "If O_CREAT is set and the file did not
 * previously exist, upon successful completion, open() shall mark for
 * update the last data access, last data modification, and last file
 * status change timestamps of the file and the last data modification
 * and last file status change timestamps of the parent directory." "If
 * O_TRUNC is set and the file did previously exist, upon successful
 * completion, open() shall mark for update the last data modification
 * and last file status change timestamps of the file", also when it was
 * already empty. O_CREAT of an existing file without O_EXCL changes
 * none of them and ignores the mode argument. Before each step the
 * coarse clock is let past the times already set, so that an update
 * shows.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static void st(const char *p, struct stat *s)
{
	if (stat(p, s))
		PTS_UNRES("stat(%s): %m", p);
}

/* let CLOCK_REALTIME_COARSE pass every time of s */
static void tick_past(const struct stat *s)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10), t;

	t = pts_ts_ns(&s->st_mtim);
	if (pts_ts_ns(&s->st_ctim) > t)
		t = pts_ts_ns(&s->st_ctim);
	if (pts_ts_ns(&s->st_atim) > t)
		t = pts_ts_ns(&s->st_atim);
	while (pts_now(CLOCK_REALTIME_COARSE) <= t) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("CLOCK_REALTIME_COARSE does not advance");
		pts_nap();
	}
}

static int later(const struct timespec *a, const struct timespec *b)
{
	return pts_ts_ns(a) > pts_ts_ns(b);
}

int main(void)
{
	char dir[64], file[96];
	struct stat d0, d1, f0, f1;
	long long t0;
	int fd;

	strcpy(dir, "/tmp/pts_open6.XXXXXX");
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %m");
	snprintf(file, sizeof(file), "%s/f", dir);
	st(dir, &d0);
	tick_past(&d0);
	t0 = pts_now(CLOCK_REALTIME_COARSE);
	fd = open(file, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(O_CREAT): %m");
	close(fd);
	st(dir, &d1);
	st(file, &f0);
	if (pts_ts_ns(&f0.st_atim) < t0 || pts_ts_ns(&f0.st_mtim) < t0 ||
	    pts_ts_ns(&f0.st_ctim) < t0)
		PTS_FAILED("a new file's times are older than the open()");
	if (!later(&d1.st_mtim, &d0.st_mtim) || !later(&d1.st_ctim, &d0.st_ctim))
		PTS_FAILED("the parent's mtime/ctime not updated by the creation");

	/* O_CREAT of the existing file: nothing changes, mode ignored */
	tick_past(&f0);
	tick_past(&d1);
	fd = open(file, O_WRONLY | O_CREAT, 0777);
	if (fd < 0)
		PTS_FAILED("open(O_CREAT) of an existing file: %m");
	close(fd);
	st(file, &f1);
	st(dir, &d0);
	if (f1.st_ino != f0.st_ino || (f1.st_mode & 07777) != 0600 ||
	    later(&f1.st_mtim, &f0.st_mtim) || later(&f1.st_ctim, &f0.st_ctim) ||
	    later(&d0.st_mtim, &d1.st_mtim))
		PTS_FAILED("O_CREAT of an existing file changed its mode (%o) or times",
			   (unsigned int)(f1.st_mode & 07777));

	/* O_TRUNC of the empty file, then of a non-empty one */
	fd = open(file, O_WRONLY | O_TRUNC);
	if (fd < 0)
		PTS_FAILED("open(O_TRUNC): %m");
	close(fd);
	st(file, &f0);
	if (!later(&f0.st_mtim, &f1.st_mtim) || !later(&f0.st_ctim, &f1.st_ctim))
		PTS_FAILED("O_TRUNC of an existing empty file did not update mtime/ctime");
	fd = open(file, O_WRONLY);
	if (fd < 0 || write(fd, "data", 4) != 4)
		PTS_UNRES("write(): %m");
	close(fd);
	st(file, &f1);
	tick_past(&f1);
	fd = open(file, O_RDWR | O_TRUNC);
	if (fd < 0)
		PTS_FAILED("open(O_TRUNC): %m");
	close(fd);
	st(file, &f0);
	if (f0.st_size != 0 || !later(&f0.st_mtim, &f1.st_mtim) ||
	    !later(&f0.st_ctim, &f1.st_ctim))
		PTS_FAILED("O_TRUNC of a 4-byte file: size %lld, times not updated",
			   (long long)f0.st_size);
	unlink(file);
	rmdir(dir);
	PTS_PASSED("creation marks the file's and parent's times; O_TRUNC marks mtime/ctime; O_CREAT of an existing file nothing");
}
