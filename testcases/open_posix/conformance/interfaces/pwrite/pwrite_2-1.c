// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pwrite(): "shall be equivalent to write(), except that it writes into
 * a given position and does not change the file offset (regardless of
 * whether O_APPEND is set)". Through a descriptor opened with O_APPEND a
 * pwrite() at offset 0 must replace byte 0 and leave the size. Linux
 * appends the data to the end of the file instead (documented in
 * pwrite(2), BUGS): a known issue, never a pass; a kernel that writes at
 * the offset passes, anything else fails.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], c;
	struct stat st;
	int fd, ap;

	snprintf(path, sizeof(path), "/tmp/pts_pwrite2_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	ap = open(path, O_WRONLY | O_APPEND);
	unlink(path);
	if (ap < 0 || write(fd, "abcd", 4) != 4)
		PTS_UNRES("set-up: %m");
	if (pwrite(ap, "A", 1, 0) != 1)
		PTS_FAILED("pwrite() through O_APPEND: %m");
	fstat(fd, &st);
	pread(fd, &c, 1, 0);
	if (c == 'A' && st.st_size == 4)
		PTS_PASSED("written at offset 0 despite O_APPEND");
	pread(fd, &c, 1, 4);
	if (st.st_size == 5 && c == 'A')
		PTS_KNOWN_ISSUE("pwrite() with O_APPEND",
				"the byte was appended at offset 4, not written at 0");
	PTS_FAILED("size %ld, byte 0 not written", (long)st.st_size);
}
