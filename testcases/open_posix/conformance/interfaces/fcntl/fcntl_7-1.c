// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(F_GETFL/F_SETFL): F_GETFL reports the access mode (O_RDONLY,
 * O_WRONLY, O_RDWR, under O_ACCMODE) and the status flags; F_SETFL sets
 * O_APPEND and O_NONBLOCK, ignoring the access mode bits (a read-only
 * descriptor stays read-only: write() [EBADF]); with O_APPEND set a
 * write() goes to the end whatever the offset; the flags belong to the
 * open file description (seen through a dup(), not through a separate
 * open() of the same file).
 */
#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[8];
	int rw, ro, wo, d, fl;

	snprintf(path, sizeof(path), "/tmp/pts_fcntl7_%d", (int)getpid());
	rw = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (rw < 0)
		PTS_UNRES("open(): %m");
	ro = open(path, O_RDONLY);
	wo = open(path, O_WRONLY | O_APPEND);
	unlink(path);
	if ((fcntl(rw, F_GETFL) & O_ACCMODE) != O_RDWR ||
	    (fcntl(ro, F_GETFL) & O_ACCMODE) != O_RDONLY ||
	    (fcntl(wo, F_GETFL) & O_ACCMODE) != O_WRONLY)
		PTS_FAILED("access modes reported wrong");
	if (!(fcntl(wo, F_GETFL) & O_APPEND) || (fcntl(rw, F_GETFL) & O_APPEND))
		PTS_FAILED("O_APPEND reported wrong");
	if (fcntl(ro, F_SETFL, O_RDWR | O_NONBLOCK))
		PTS_FAILED("F_SETFL: %m");
	fl = fcntl(ro, F_GETFL);
	if ((fl & O_ACCMODE) != O_RDONLY || !(fl & O_NONBLOCK))
		PTS_FAILED("after F_SETFL O_RDWR|O_NONBLOCK: flags %#x", fl);
	PTS_EXPECT_ERRNO(write(ro, "x", 1), EBADF, "write() through the read-only fd");
	write(rw, "abcdef", 6);
	lseek(rw, 1, SEEK_SET);
	d = dup(rw);
	if (fcntl(rw, F_SETFL, O_APPEND))
		PTS_FAILED("F_SETFL O_APPEND: %m");
	if (!(fcntl(d, F_GETFL) & O_APPEND))
		PTS_FAILED("O_APPEND not seen through the dup");
	if (fcntl(ro, F_GETFL) & O_APPEND)
		PTS_FAILED("O_APPEND seen through a separate open()");
	write(rw, "Z", 1);
	if (pread(ro, buf, 7, 0) != 7 || memcmp(buf, "abcdefZ", 7))
		PTS_FAILED("O_APPEND write did not go to the end");
	fcntl(rw, F_SETFL, 0);
	lseek(rw, 0, SEEK_SET);
	write(rw, "Q", 1);
	pread(ro, buf, 7, 0);
	if (buf[0] != 'Q' || buf[6] != 'Z')
		PTS_FAILED("O_APPEND not cleared by F_SETFL 0");
	PTS_PASSED("access mode kept, O_APPEND/O_NONBLOCK set per description");
}
