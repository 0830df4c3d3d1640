// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_return(): the return status of a completed request is the value
 * read() or write() would have returned: the byte counts of two
 * aio_write() requests through a descriptor with O_APPEND ("write
 * operations append to the file in the same order as the calls were
 * made": the second one's data follows the first's, aio_offset
 * ignored), and -1 for a failed one (a read into a directory: EISDIR
 * from aio_error()).
 */
#include <aio.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static int settle(struct aiocb *cb)
{
	const struct aiocb *list[1] = { cb };
	struct timespec to = pts_ns_ts(pts_bound_ns(30));
	int e;

	while ((e = aio_error(cb)) == EINPROGRESS)
		if (aio_suspend(list, 1, &to) && errno != EINTR)
			PTS_FAILED("aio_suspend(): %m");
	return e;
}

int main(void)
{
	struct aiocb a, b, d;
	char path[64], buf[32];
	struct stat st;
	int fd, dir, e;
	ssize_t r;

	snprintf(path, sizeof(path), "/tmp/pts_aio_return_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_APPEND, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	unlink(path);
	write(fd, "head:", 5);
	memset(&a, 0, sizeof(a));
	a.aio_fildes = fd;
	a.aio_buf = "first-";
	a.aio_nbytes = 6;
	a.aio_offset = 0;
	b = a;
	b.aio_buf = "second";
	if (aio_write(&a) || aio_write(&b))
		PTS_FAILED("aio_write(): %m");
	if (settle(&a) || settle(&b))
		PTS_FAILED("a write failed");
	if ((r = aio_return(&a)) != 6 || (r = aio_return(&b)) != 6)
		PTS_FAILED("aio_return() %zd, expected 6", r);
	fstat(fd, &st);
	memset(buf, 0, sizeof(buf));
	pread(fd, buf, 17, 0);
	if (st.st_size != 17 || memcmp(buf, "head:first-second", 17))
		PTS_FAILED("file holds '%.17s' (%ld bytes), expected head:first-second",
			   buf, (long)st.st_size);
	dir = open("/tmp", O_RDONLY | O_DIRECTORY);
	memset(&d, 0, sizeof(d));
	d.aio_fildes = dir;
	d.aio_buf = buf;
	d.aio_nbytes = 4;
	if (aio_read(&d)) {
		if (errno != EISDIR)
			PTS_FAILED("aio_read() of a directory: %m, expected EISDIR");
	} else {
		e = settle(&d);
		r = aio_return(&d);
		if (e != EISDIR || r != -1)
			PTS_FAILED("directory read: aio_error() %d aio_return() %zd, expected EISDIR -1",
				   e, r);
	}
	PTS_PASSED("byte counts, O_APPEND in call order, -1 on failure");
}
