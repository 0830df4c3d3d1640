// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_read(): "The aiocbp->aio_lio_opcode field shall be ignored by
 * aio_read()." Requests with aio_lio_opcode LIO_WRITE, LIO_NOP and an
 * undefined 77 each read 6 bytes at their own aio_offset into the
 * buffer (status 0, return 6) and the file is unchanged: its bytes
 * and size read back with pread() and fstat().
 */
#include <sys/stat.h>

#include "pts_aiowait.h"

int main(void)
{
	static const int ops[] = { LIO_WRITE, LIO_NOP, 77 };
	static const char data[] = "0123456789abcdefghij";
	char path[64], buf[8], back[32];
	struct aiocb cb;
	struct stat st;
	unsigned int i;
	ssize_t n;
	int fd, e;

	snprintf(path, sizeof(path), "/tmp/pts_aio_read5_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || write(fd, data, 20) != 20)
		PTS_UNRES("file: %m");
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		memset(buf, '#', sizeof(buf));
		memset(&cb, 0, sizeof(cb));
		cb.aio_fildes = fd;
		cb.aio_buf = buf;
		cb.aio_nbytes = 6;
		cb.aio_offset = 4 * i;
		cb.aio_lio_opcode = ops[i];
		if (aio_read(&cb))
			PTS_FAILED("aio_read() with aio_lio_opcode %d: %m", ops[i]);
		n = pts_aio_wait(&cb, &e);
		if (e || n != 6 || memcmp(buf, data + 4 * i, 6) || buf[6] != '#')
			PTS_FAILED("aio_lio_opcode %d: status %d, return %zd, buffer '%.8s'; expected a read of '%.6s'",
				   ops[i], e, n, buf, data + 4 * i);
	}
	if (fstat(fd, &st) || st.st_size != 20 ||
	    pread(fd, back, sizeof(back), 0) != 20 || memcmp(back, data, 20))
		PTS_FAILED("the file changed (size %ld)", (long)st.st_size);
	PTS_PASSED("aio_read() read whatever aio_lio_opcode said, the file unchanged");
}
