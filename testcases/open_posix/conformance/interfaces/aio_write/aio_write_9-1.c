// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_write(): [EINVAL], from the call or as the request's error status
 * (aio_return() -1), when aio_offset would be invalid (-1, and the
 * largest negative offset) or aio_reqprio is not a valid value (-1,
 * {AIO_PRIO_DELTA_MAX} + 1). The file keeps its size and bytes; at
 * aio_reqprio {AIO_PRIO_DELTA_MAX} the write is accepted and done.
 */
#include <stdint.h>
#include <sys/stat.h>

#include "pts_aiopend.h"

static int fd;

static ssize_t one(off_t off, int prio, int *e)
{
	struct aiocb cb;

	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = fd;
	cb.aio_buf = "NEW!";
	cb.aio_nbytes = 4;
	cb.aio_offset = off;
	cb.aio_reqprio = prio;
	errno = 0;
	if (aio_write(&cb)) {
		*e = errno;
		return -2;	/* refused by the call */
	}
	return pts_aio_wait(&cb, e);
}

static void einval(off_t off, int prio, const char *what)
{
	int e;
	ssize_t r = one(off, prio, &e);

	if (e != EINVAL || (r != -1 && r != -2))
		PTS_FAILED("%s: %s %s, expected EINVAL", what,
			   r == -2 ? "the call gave" : "the status is",
			   strerrorname_np(e));
}

int main(void)
{
	char path[64], back[8];
	long dmax = sysconf(_SC_AIO_PRIO_DELTA_MAX);
	struct stat st;
	int e;

	snprintf(path, sizeof(path), "/tmp/pts_aio_write9_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || write(fd, "orig", 4) != 4)
		PTS_UNRES("set-up: %m");
	einval(-1, 0, "aio_offset -1");
	einval((off_t)INT64_MIN, 0, "aio_offset INT64_MIN");
	einval(0, -1, "aio_reqprio -1");
	printf("AIO_PRIO_DELTA_MAX %ld\n", dmax);
	if (dmax >= 0 && dmax < INT32_MAX)
		einval(0, (int)dmax + 1, "aio_reqprio AIO_PRIO_DELTA_MAX + 1");
	if (fstat(fd, &st) || st.st_size != 4 || pread(fd, back, 4, 0) != 4 ||
	    memcmp(back, "orig", 4))
		PTS_FAILED("a refused write changed the file");
	if (dmax >= 0 && dmax < INT32_MAX &&
	    (one(0, (int)dmax, &e) != 4 || e))
		PTS_FAILED("aio_reqprio AIO_PRIO_DELTA_MAX refused: %s",
			   strerrorname_np(e));
	PTS_PASSED("EINVAL for bad offsets and priorities, the file unchanged");
}
