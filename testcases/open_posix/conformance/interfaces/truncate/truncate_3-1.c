// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * truncate() acts on the file a symbolic link names: the target shrinks
 * to 10 bytes, the link itself is unchanged (lstat() size, the length of
 * its contents). Descriptors open on the file keep their offsets: one
 * at offset 100 stays there, and a write through it after the shrink
 * puts the data at 100 with zero bytes from 10 to 100 (the discarded data
 * does not come back). truncate() to the current size changes no data;
 * a length past the end read back through an O_APPEND descriptor: its
 * next write lands at the new end.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char file[64], link[64], buf[200];
	struct stat st;
	int fd, ap, i;

	snprintf(file, sizeof(file), "/tmp/pts_trunc3_%d", (int)getpid());
	snprintf(link, sizeof(link), "/tmp/pts_trunc3l_%d", (int)getpid());
	fd = open(file, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || symlink(file, link))
		PTS_UNRES("set-up: %m");
	ap = open(file, O_WRONLY | O_APPEND);
	memset(buf, 'a', sizeof(buf));
	if (ap < 0 || write(fd, buf, 150) != 150 || lseek(fd, 100, SEEK_SET) != 100)
		PTS_UNRES("set-up: %m");

	if (truncate(link, 10))
		PTS_FAILED("truncate() through a symlink: %m");
	if (stat(file, &st) || st.st_size != 10)
		PTS_FAILED("target size %ld, 10 expected", (long)st.st_size);
	if (lstat(link, &st) || !S_ISLNK(st.st_mode) ||
	    st.st_size != (off_t)strlen(file))
		PTS_FAILED("the link changed (size %ld)", (long)st.st_size);
	if (lseek(fd, 0, SEEK_CUR) != 100)
		PTS_FAILED("descriptor offset %ld after truncate(), 100 expected",
			   (long)lseek(fd, 0, SEEK_CUR));
	if (write(fd, "B", 1) != 1)
		PTS_UNRES("write(): %m");
	memset(buf, 'x', sizeof(buf));
	if (pread(fd, buf, sizeof(buf), 0) != 101)
		PTS_FAILED("file not 101 bytes after the write at 100");
	for (i = 0; i < 101; i++)
		if (buf[i] != (i < 10 ? 'a' : i < 100 ? 0 : 'B'))
			PTS_FAILED("byte %d is 0x%02x", i, (unsigned char)buf[i]);

	if (truncate(file, 101) || pread(fd, buf, sizeof(buf), 0) != 101 ||
	    buf[100] != 'B' || buf[9] != 'a')
		PTS_FAILED("truncate() to the current size changed the data");
	if (truncate(file, 150))
		PTS_FAILED("truncate() growing: %m");
	if (write(ap, "E", 1) != 1 || pread(fd, buf, sizeof(buf), 0) != 151 ||
	    buf[150] != 'E' || buf[149] != 0)
		PTS_FAILED("an append after growing to 150 not at 150");
	unlink(link);
	unlink(file);
	PTS_PASSED("symlink followed, offsets kept, discarded data stays zero");
}
