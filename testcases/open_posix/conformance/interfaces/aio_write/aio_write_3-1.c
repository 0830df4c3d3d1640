// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_write(): "The aiocbp->aio_lio_opcode field shall be ignored by
 * aio_write()." Requests with aio_lio_opcode LIO_READ, LIO_NOP and an
 * undefined 77 each write their 5 bytes at their own aio_offset
 * (status 0, return 5); the file then holds exactly those bytes with
 * zeros in the gaps (pread(), fstat()), and the buffers are unchanged
 * (nothing was read into them).
 */
#include <sys/stat.h>

#include "pts_aiowait.h"

int main(void)
{
	static const int ops[] = { LIO_READ, LIO_NOP, 77 };
	static const char *const src[] = { "AAAAA", "BBBBB", "CCCCC" };
	char path[64], buf[3][6], back[32], want[32];
	struct aiocb cb;
	struct stat st;
	unsigned int i;
	ssize_t n;
	int fd, e;

	snprintf(path, sizeof(path), "/tmp/pts_aio_write3_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || write(fd, "0123456789", 10) != 10)
		PTS_UNRES("file: %m");
	memcpy(want, "0123456789", 10);
	memset(want + 10, 0, sizeof(want) - 10);
	for (i = 0; i < 3; i++) {
		memcpy(buf[i], src[i], 6);
		memset(&cb, 0, sizeof(cb));
		cb.aio_fildes = fd;
		cb.aio_buf = buf[i];
		cb.aio_nbytes = 5;
		cb.aio_offset = 2 + 8 * i;	/* 2, 10 (the end), 18 (past it) */
		cb.aio_lio_opcode = ops[i];
		if (aio_write(&cb))
			PTS_FAILED("aio_write() with aio_lio_opcode %d: %m", ops[i]);
		n = pts_aio_wait(&cb, &e);
		if (e || n != 5)
			PTS_FAILED("aio_lio_opcode %d: status %d, return %zd; expected 0, 5",
				   ops[i], e, n);
		if (memcmp(buf[i], src[i], 6))
			PTS_FAILED("aio_lio_opcode %d: the buffer changed to '%.5s'",
				   ops[i], buf[i]);
		memcpy(want + 2 + 8 * i, src[i], 5);
	}
	memset(back, '#', sizeof(back));
	if (fstat(fd, &st) || st.st_size != 23 ||
	    pread(fd, back, sizeof(back), 0) != 23 || memcmp(back, want, 23))
		PTS_FAILED("file size %ld or contents not the three writes", (long)st.st_size);
	PTS_PASSED("aio_write() wrote whatever aio_lio_opcode said");
}
