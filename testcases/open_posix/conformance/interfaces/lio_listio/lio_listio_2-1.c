// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lio_listio(LIO_WAIT): "If one or more of the I/O operations ...
 * completes unsuccessfully, lio_listio() shall return -1 and set errno
 * to [EIO]"; "the aio_error() and aio_return() functions shall be used
 * to determine the success or failure of each individual I/O request".
 * A list of a good write, a read through a write-only descriptor and a
 * good read returns -1 EIO after all have completed: the two good ones
 * with status 0 and their byte counts (the data moved), the bad one
 * with EBADF and -1.
 */
#include <aio.h>

#include "pts_helpers.h"

int main(void)
{
	struct aiocb w, bad, r, *list[3] = { &w, &bad, &r };
	char path[64], in[8] = { 0 }, junk[8];
	int fd, wo, ret, e;

	snprintf(path, sizeof(path), "/tmp/pts_lio2_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	wo = open(path, O_WRONLY);
	unlink(path);
	if (pwrite(fd, "existing", 8, 100) != 8)
		PTS_UNRES("pwrite(): %m");
	memset(&w, 0, sizeof(w));
	w.aio_fildes = fd;
	w.aio_buf = "written";
	w.aio_nbytes = 7;
	w.aio_lio_opcode = LIO_WRITE;
	bad = w;
	bad.aio_fildes = wo;
	bad.aio_buf = junk;
	bad.aio_lio_opcode = LIO_READ;
	r = w;
	r.aio_buf = in;
	r.aio_nbytes = 8;
	r.aio_offset = 100;
	r.aio_lio_opcode = LIO_READ;
	errno = 0;
	ret = lio_listio(LIO_WAIT, list, 3, NULL);
	if (ret != -1 || errno != EIO)
		PTS_FAILED("lio_listio() returned %d errno %s, expected -1 EIO", ret,
			   strerrorname_np(errno));
	e = aio_error(&bad);
	if (e != EBADF || aio_return(&bad) != -1)
		PTS_FAILED("failed request: aio_error() %d, expected EBADF", e);
	if (aio_error(&w) || aio_return(&w) != 7)
		PTS_FAILED("the good write's status is not 0 / 7");
	if (aio_error(&r) || aio_return(&r) != 8 || memcmp(in, "existing", 8))
		PTS_FAILED("the good read's status or data is wrong");
	if (pread(fd, junk, 7, 0) != 7 || memcmp(junk, "written", 7))
		PTS_FAILED("the good write's data is not in the file");
	PTS_PASSED("EIO for the list, each request's own status");
}
