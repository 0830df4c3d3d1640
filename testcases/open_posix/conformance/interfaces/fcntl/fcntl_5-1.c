// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl() lock ranges: l_whence SEEK_CUR and SEEK_END are relative to
 * the offset and the size at the time of the call; "if l_len is
 * negative, the area affected shall start at l_start+l_len and end at
 * l_start-1"; l_len 0 extends to the end of file "and beyond". A child
 * locks with each form, and the parent's F_GETLK reports the range
 * normalised to SEEK_SET. A range starting before offset 0 fails with
 * [EINVAL].
 */
#include "pts_helpers.h"

static int lk(int fd, short whence, off_t start, off_t len)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = whence,
			    .l_start = start, .l_len = len };

	return fcntl(fd, F_SETLK, &fl);
}

static void expect(int fd, off_t probe, off_t start, off_t len, pid_t pid)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = probe, .l_len = 1 };

	if (fcntl(fd, F_GETLK, &fl))
		PTS_FAILED("F_GETLK: %m");
	if (fl.l_type != F_WRLCK || fl.l_start != start || fl.l_len != len ||
	    fl.l_pid != pid)
		PTS_FAILED("at %ld: type %d start %ld len %ld pid %d; expected start %ld len %ld",
			   (long)probe, fl.l_type, (long)fl.l_start, (long)fl.l_len,
			   (int)fl.l_pid, (long)start, (long)len);
}

int main(void)
{
	int fd, to_child[2], to_parent[2];
	char path[64], c;
	pid_t pid;

	snprintf(path, sizeof(path), "/tmp/pts_fcntl5_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0 || ftruncate(fd, 1000) || pipe(to_child) || pipe(to_parent))
		PTS_UNRES("file/pipe: %m");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		lseek(fd, 100, SEEK_SET);
		/* 100 + 10 .. +19 */
		if (lk(fd, SEEK_CUR, 10, 10) ||
		    /* 1000 - 200 .. +9 */
		    lk(fd, SEEK_END, -200, 10) ||
		    /* negative length: 500 - 20 .. 499 */
		    lk(fd, SEEK_SET, 500, -20) ||
		    /* to the end and beyond */
		    lk(fd, SEEK_SET, 2000, 0))
			_exit(PTS_FAIL);
		if (lk(fd, SEEK_SET, 5, -10) != -1 || errno != EINVAL)
			_exit(PTS_FAIL);
		if (write(to_parent[1], "l", 1) != 1 ||
		    read(to_child[0], &c, 1) != 1)
			_exit(PTS_UNRESOLVED);
		_exit(PTS_PASS);
	}
	if (read(to_parent[0], &c, 1) != 1)
		PTS_UNRES("the child did not lock");
	expect(fd, 115, 110, 10, pid);
	expect(fd, 805, 800, 10, pid);
	expect(fd, 490, 480, 20, pid);
	expect(fd, 1000000, 2000, 0, pid);
	if (write(to_child[1], "g", 1) != 1)
		PTS_UNRES("pipe: %m");
	pts_reap(pid, "locking child (also checks EINVAL)");
	PTS_PASSED("SEEK_CUR, SEEK_END, negative and open-ended ranges");
}
