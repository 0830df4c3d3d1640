// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl() locks: [EDEADLK] "The cmd argument is F_SETLKW, the lock is
 * blocked by a lock from another process, and putting the calling
 * process to sleep to wait for that lock to become free would cause a
 * deadlock." A holds byte 0 and waits for byte 1 held by B; B asking
 * for byte 0 gets EDEADLK at once. Also [EBADF] for a write lock through
 * a descriptor not open for writing, and [EINVAL] for an unknown
 * l_type; two processes may hold read locks on the same bytes.
 */
#include "pts_helpers.h"

static int lk(int fd, int cmd, short type, off_t start)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET,
			    .l_start = start, .l_len = 1 };

	return fcntl(fd, cmd, &fl);
}

int main(void)
{
	int fd, ro, to_a[2], to_b[2], r;
	char path[64], c;
	pid_t a;

	snprintf(path, sizeof(path), "/tmp/pts_fcntl4_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	ro = open(path, O_RDONLY);
	unlink(path);
	if (fd < 0 || ro < 0 || pipe(to_a) || pipe(to_b))
		PTS_UNRES("open/pipe: %m");
	if (lk(fd, F_SETLK, F_WRLCK, 1))
		PTS_UNRES("lock byte 1: %m");
	fflush(stdout);
	a = fork();
	if (!a) {
		if (lk(fd, F_SETLK, F_WRLCK, 0) || write(to_b[1], "l", 1) != 1)
			_exit(PTS_UNRESOLVED);
		/* blocks on byte 1 until the parent is gone or unlocks */
		lk(fd, F_SETLKW, F_WRLCK, 1);
		_exit(PTS_PASS);
	}
	if (read(to_b[0], &c, 1) != 1)
		PTS_UNRES("child did not lock");
	pts_wait_in_syscall(a, SYS_fcntl);
	errno = 0;
	r = lk(fd, F_SETLKW, F_WRLCK, 0);
	if (r != -1 || errno != EDEADLK)
		PTS_FAILED("deadlocking F_SETLKW returned %d (%m), expected EDEADLK",
			   r);
	lk(fd, F_SETLK, F_UNLCK, 1);
	pts_reap(a, "waiting child");
	PTS_EXPECT_ERRNO(lk(ro, F_SETLK, F_WRLCK, 5), EBADF,
			 "write lock on an O_RDONLY descriptor");
	PTS_EXPECT_ERRNO(lk(fd, F_SETLK, 77, 5), EINVAL, "l_type 77");
	if (lk(ro, F_SETLK, F_RDLCK, 5))
		PTS_FAILED("read lock: %m");
	a = fork();
	if (!a)
		_exit(lk(ro, F_SETLK, F_RDLCK, 5) ? PTS_FAIL : PTS_PASS);
	pts_reap(a, "second reader");
	PTS_PASSED("EDEADLK, EBADF, EINVAL; shared read locks");
}
