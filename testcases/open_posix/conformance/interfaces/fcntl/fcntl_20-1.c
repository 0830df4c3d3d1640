// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl() record locks: "Locks may start and extend beyond the current
 * end of a file, but shall not extend before the beginning of the
 * file." On an empty file a write lock of 10 bytes at 1 GiB is taken
 * (the size stays 0) and another process's F_GETLK finds exactly it,
 * with nothing between it and the lock below; a start before byte 0 is [EINVAL] from SEEK_SET,
 * SEEK_CUR and SEEK_END. Once the file holds 10 bytes, SEEK_END - 10
 * is byte 0: a read lock of 5 bytes there is seen as [0, 5).
 */
#include <sys/stat.h>

#include "pts_helpers.h"

#define GIB (1LL << 30)

static int fd;

static int getlk(off_t start, off_t len, struct flock *fl)
{
	*fl = (struct flock){ .l_type = F_WRLCK, .l_whence = SEEK_SET,
			      .l_start = start, .l_len = len };
	return fcntl(fd, F_GETLK, fl);
}

static int child(void)
{
	struct flock fl;
	pid_t pp = getppid();

	if (getlk(100, 0, &fl) || fl.l_type != F_WRLCK || fl.l_start != GIB ||
	    fl.l_len != 10 || fl.l_pid != pp) {
		printf("F_GETLK from 100 to the end: type %d start %lld len %lld pid %d\n",
		       fl.l_type, (long long)fl.l_start, (long long)fl.l_len,
		       (int)fl.l_pid);
		return PTS_FAIL;
	}
	if (getlk(5, GIB - 5, &fl) || fl.l_type != F_UNLCK ||
	    getlk(GIB + 10, 0, &fl) || fl.l_type != F_UNLCK) {
		printf("a lock found in [5, 1 GiB) or past 1 GiB + 10\n");
		return PTS_FAIL;
	}
	if (getlk(0, 100, &fl) || fl.l_type != F_RDLCK || fl.l_start != 0 ||
	    fl.l_len != 5 || fl.l_pid != pp) {
		printf("F_GETLK of [0, 100): type %d start %lld len %lld\n",
		       fl.l_type, (long long)fl.l_start, (long long)fl.l_len);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = GIB, .l_len = 10 };
	char path[64];
	struct stat st;

	snprintf(path, sizeof(path), "/tmp/pts_fcntl20_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	if (fcntl(fd, F_SETLK, &fl))
		PTS_FAILED("F_SETLK at 1 GiB of an empty file: %m");
	if (fstat(fd, &st) || st.st_size)
		PTS_FAILED("the lock changed the size to %lld", (long long)st.st_size);

	fl = (struct flock){ .l_type = F_RDLCK, .l_whence = SEEK_SET,
			     .l_start = -1, .l_len = 5 };
	PTS_EXPECT_ERRNO(fcntl(fd, F_SETLK, &fl), EINVAL, "SEEK_SET start -1");
	fl.l_whence = SEEK_CUR;
	PTS_EXPECT_ERRNO(fcntl(fd, F_SETLK, &fl), EINVAL, "SEEK_CUR -1 at offset 0");
	fl.l_whence = SEEK_END;
	PTS_EXPECT_ERRNO(fcntl(fd, F_SETLK, &fl), EINVAL, "SEEK_END -1 of an empty file");
	PTS_EXPECT_ERRNO(fcntl(fd, F_GETLK, &fl), EINVAL, "F_GETLK SEEK_END -1 of an empty file");

	if (write(fd, "0123456789", 10) != 10)
		PTS_UNRES("write(): %m");
	fl = (struct flock){ .l_type = F_RDLCK, .l_whence = SEEK_END,
			     .l_start = -10, .l_len = 5 };
	if (fcntl(fd, F_SETLK, &fl))
		PTS_FAILED("F_SETLK SEEK_END -10 of a 10-byte file: %m");
	fl.l_start = -11;
	PTS_EXPECT_ERRNO(fcntl(fd, F_SETLK, &fl), EINVAL, "SEEK_END -11 of a 10-byte file");
	pts_run_child(child, "F_GETLK child");
	PTS_PASSED("a lock beyond the end taken and seen, none before byte 0");
}
