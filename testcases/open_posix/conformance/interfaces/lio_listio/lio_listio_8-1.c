// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lio_listio(): an LIO_READ entry is submitted "as if by a call to
 * aio_read()" and an LIO_WRITE entry as if by aio_write(): each
 * transfers at its own aio_offset, not at the file offset, which stays
 * where it was. One LIO_WAIT list reads 4 bytes at 2 and at 16 and
 * writes 4 bytes at 8 and 4 bytes at 30 (past the end of a 20-byte
 * file, leaving zeros between) of a file whose offset is 5: each
 * status 0 and return 4, the bytes read are the file's, the file holds
 * the writes (size 34), and lseek(SEEK_CUR) still gives 5.
 */
#include <aio.h>
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	static const char data[] = "abcdefghijklmnopqrst";
	char path[64], r1[4], r2[4], back[40], want[40];
	struct aiocb cb[4], *list[4];
	struct stat st;
	int fd, i;

	snprintf(path, sizeof(path), "/tmp/pts_lio8_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || write(fd, data, 20) != 20 || lseek(fd, 5, SEEK_SET) != 5)
		PTS_UNRES("file: %m");
	memset(cb, 0, sizeof(cb));
	for (i = 0; i < 4; i++) {
		cb[i].aio_fildes = fd;
		cb[i].aio_nbytes = 4;
		list[i] = &cb[i];
	}
	cb[0].aio_lio_opcode = LIO_READ;
	cb[0].aio_buf = r1;
	cb[0].aio_offset = 2;
	cb[1].aio_lio_opcode = LIO_READ;
	cb[1].aio_buf = r2;
	cb[1].aio_offset = 16;
	cb[2].aio_lio_opcode = LIO_WRITE;
	cb[2].aio_buf = "WXYZ";
	cb[2].aio_offset = 8;
	cb[3].aio_lio_opcode = LIO_WRITE;
	cb[3].aio_buf = "tail";
	cb[3].aio_offset = 30;
	if (lio_listio(LIO_WAIT, list, 4, NULL))
		PTS_FAILED("lio_listio(LIO_WAIT): %m");
	for (i = 0; i < 4; i++)
		if (aio_error(&cb[i]) || aio_return(&cb[i]) != 4)
			PTS_FAILED("entry %d: status %d, expected 0 and 4 bytes", i,
				   aio_error(&cb[i]));
	if (memcmp(r1, "cdef", 4) || memcmp(r2, "qrst", 4))
		PTS_FAILED("read '%.4s' at 2 and '%.4s' at 16, expected 'cdef' and 'qrst'",
			   r1, r2);
	memset(want, 0, sizeof(want));
	memcpy(want, data, 20);
	memcpy(want + 8, "WXYZ", 4);
	memcpy(want + 30, "tail", 4);
	if (fstat(fd, &st) || st.st_size != 34 ||
	    pread(fd, back, sizeof(back), 0) != 34 || memcmp(back, want, 34))
		PTS_FAILED("file size %ld or contents not the two writes at their offsets",
			   (long)st.st_size);
	if (lseek(fd, 0, SEEK_CUR) != 5)
		PTS_FAILED("file offset %ld, expected 5 kept",
			   (long)lseek(fd, 0, SEEK_CUR));
	PTS_PASSED("LIO_READ and LIO_WRITE at their aio_offset, file offset kept");
}
