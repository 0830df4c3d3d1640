// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(F_SETLK): "If a shared or exclusive lock cannot be set, fcntl()
 * shall return immediately with a return value of -1" and errno [EACCES]
 * or [EAGAIN]. A child write-locks bytes 0..99 of a file; the parent's
 * F_SETLK of a write lock and of a read lock overlapping them fails with
 * EACCES or EAGAIN, a lock on bytes 100..199 succeeds; once the child
 * has unlocked, the parent's write lock succeeds. Parent and child talk
 * over one pipe per direction.
 */
#include "pts_helpers.h"

static int lk(int fd, int cmd, short type, off_t start, off_t len)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET,
			    .l_start = start, .l_len = len };

	return fcntl(fd, cmd, &fl);
}

static void expect_refused(int fd, short type, const char *what)
{
	errno = 0;
	if (lk(fd, F_SETLK, type, 50, 10) != -1 ||
	    (errno != EAGAIN && errno != EACCES))
		PTS_FAILED("%s over a held write lock: %m, expected EAGAIN/EACCES",
			   what);
}

int main(void)
{
	int to_child[2], to_parent[2], fd;
	char path[64], c;
	pid_t pid;

	snprintf(path, sizeof(path), "/tmp/pts_fcntl1_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0 || pipe(to_child) || pipe(to_parent))
		PTS_UNRES("open/pipe: %m");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		if (lk(fd, F_SETLK, F_WRLCK, 0, 100))
			_exit(PTS_UNRESOLVED);
		if (write(to_parent[1], "l", 1) != 1 ||
		    read(to_child[0], &c, 1) != 1)
			_exit(PTS_UNRESOLVED);
		lk(fd, F_SETLK, F_UNLCK, 0, 100);
		_exit(write(to_parent[1], "u", 1) == 1 ? PTS_PASS : PTS_UNRESOLVED);
	}
	if (read(to_parent[0], &c, 1) != 1 || c != 'l')
		PTS_UNRES("the child did not lock");
	expect_refused(fd, F_WRLCK, "F_WRLCK");
	expect_refused(fd, F_RDLCK, "F_RDLCK");
	if (lk(fd, F_SETLK, F_WRLCK, 100, 100))
		PTS_FAILED("lock of the next 100 bytes: %m");
	if (write(to_child[1], "g", 1) != 1 || read(to_parent[0], &c, 1) != 1)
		PTS_UNRES("pipe: %m");
	if (lk(fd, F_SETLK, F_WRLCK, 0, 100))
		PTS_FAILED("lock after the holder unlocked: %m");
	pts_reap(pid, "locking child");
	PTS_PASSED("conflicting F_SETLK refused at once, free ranges locked");
}
