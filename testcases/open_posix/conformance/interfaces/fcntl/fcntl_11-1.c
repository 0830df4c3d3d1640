// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(F_GETLK): a process's own locks never block its own requests:
 * with only its own write lock on the range, F_GETLK returns the
 * structure unchanged except l_type set to F_UNLCK; and a lock request
 * replaces the caller's own lock there (F_SETLK of a read lock over its
 * write lock succeeds at once). Another process's lock on the range is
 * reported with that process's pid.
 */
#include "pts_helpers.h"

static int fd, p[2];

int main(void)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = 10, .l_len = 5 };
	struct flock q;
	char path[64], c;
	pid_t pid;

	snprintf(path, sizeof(path), "/tmp/pts_fcntl11_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || pipe(p))
		PTS_UNRES("set-up: %m");
	unlink(path);
	if (fcntl(fd, F_SETLK, &fl))
		PTS_UNRES("F_SETLK: %m");
	q = fl;
	q.l_pid = 12345;
	if (fcntl(fd, F_GETLK, &q))
		PTS_FAILED("F_GETLK: %m");
	if (q.l_type != F_UNLCK || q.l_whence != SEEK_SET || q.l_start != 10 ||
	    q.l_len != 5)
		PTS_FAILED("own lock: type %d whence %d start %ld len %ld, expected F_UNLCK and the rest unchanged",
			   q.l_type, q.l_whence, (long)q.l_start, (long)q.l_len);
	fl.l_type = F_RDLCK;
	if (fcntl(fd, F_SETLK, &fl))
		PTS_FAILED("read lock over our own write lock: %m");
	fl.l_type = F_UNLCK;
	fcntl(fd, F_SETLK, &fl);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		struct flock h = { .l_type = F_RDLCK, .l_whence = SEEK_SET,
				   .l_start = 12, .l_len = 1 };

		close(p[0]);
		if (fcntl(fd, F_SETLK, &h))
			_exit(1);
		write(p[1], "L", 1);
		pause();
		_exit(1);
	}
	close(p[1]);
	if (read(p[0], &c, 1) != 1)
		PTS_UNRES("the child did not lock");
	q.l_type = F_WRLCK;
	q.l_start = 10;
	q.l_len = 5;
	if (fcntl(fd, F_GETLK, &q))
		PTS_FAILED("F_GETLK: %m");
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	if (q.l_type != F_RDLCK || q.l_start != 12 || q.l_len != 1 ||
	    q.l_pid != pid)
		PTS_FAILED("another process's lock: type %d start %ld len %ld pid %d",
			   q.l_type, (long)q.l_start, (long)q.l_len, q.l_pid);
	PTS_PASSED("own locks never conflict; another process's lock reported");
}
