// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lio_listio(): [EINVAL] when mode is neither LIO_WAIT nor LIO_NOWAIT
 * (2, -1, 99), and no operation of the list is initiated: the file
 * keeps its bytes, the read buffer is untouched, and aio_cancel() of
 * the descriptor finds nothing (AIO_ALLDONE). When {AIO_LISTIO_MAX} is
 * defined, nent above it fails with [EINVAL] too; glibc leaves it
 * indeterminate (printed) and takes long lists.
 */
#include "pts_aiopend.h"

static struct aiocb w, r;
static char rbuf[8];

int main(void)
{
	static const int bad[] = { 2, -1, 99 };
	struct aiocb *list[2] = { &w, &r };
	long max = sysconf(_SC_AIO_LISTIO_MAX);
	char path[64], back[8];
	unsigned int i;
	int fd;

	snprintf(path, sizeof(path), "/tmp/pts_lio18_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || write(fd, "original", 8) != 8)
		PTS_UNRES("set-up: %m");
	w.aio_fildes = fd;
	w.aio_buf = "CHANGED!";
	w.aio_nbytes = 8;
	w.aio_lio_opcode = LIO_WRITE;
	r.aio_fildes = fd;
	r.aio_buf = rbuf;
	r.aio_nbytes = 8;
	r.aio_lio_opcode = LIO_READ;
	memset(rbuf, '#', 8);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		errno = 0;
		if (lio_listio(bad[i], list, 2, NULL) != -1 || errno != EINVAL)
			PTS_FAILED("mode %d: %s, expected -1 EINVAL", bad[i],
				   strerrorname_np(errno));
	}
	if (aio_cancel(fd, NULL) != AIO_ALLDONE)
		PTS_FAILED("a refused list left requests behind");
	if (pread(fd, back, 8, 0) != 8 || memcmp(back, "original", 8) ||
	    memcmp(rbuf, "########", 8))
		PTS_FAILED("an operation of a refused list was carried out");
	printf("sysconf(_SC_AIO_LISTIO_MAX) %ld\n", max);
	if (max > 0 && max < 65536) {
		struct aiocb **big = calloc(max + 1, sizeof(*big));

		if (!big)
			PTS_UNRES("calloc()");
		big[0] = &w;
		errno = 0;
		if (lio_listio(LIO_WAIT, big, (int)max + 1, NULL) != -1 ||
		    errno != EINVAL)
			PTS_FAILED("nent AIO_LISTIO_MAX + 1: %s, expected EINVAL",
				   strerrorname_np(errno));
	}
	PTS_PASSED("EINVAL for bad modes, nothing initiated");
}
