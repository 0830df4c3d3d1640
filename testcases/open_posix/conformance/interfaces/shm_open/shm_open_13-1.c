// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): with O_RDONLY the object is open for read access only.
 * The descriptor's access mode reads back O_RDONLY, read() returns the
 * object's bytes, while write() fails with [EBADF], ftruncate() with
 * [EINVAL] or [EBADF] and a writable MAP_SHARED mapping with [EACCES];
 * the object keeps its size and data.
 */
#include "pts_shmobj.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char name[64], buf[8];
	int fd, ro;

	pts_shm_name(name, sizeof(name), "shmo13");
	fd = pts_shm_make(name, 0600, pg, "abcdef");
	ro = shm_open(name, O_RDONLY, 0);
	shm_unlink(name);
	if (ro < 0)
		PTS_FAILED("shm_open(O_RDONLY) of an existing object: %m");
	if ((fcntl(ro, F_GETFL) & O_ACCMODE) != O_RDONLY)
		PTS_FAILED("access mode 0%o, not O_RDONLY",
			   fcntl(ro, F_GETFL) & O_ACCMODE);
	if (read(ro, buf, 6) != 6 || memcmp(buf, "abcdef", 6))
		PTS_FAILED("read() through O_RDONLY did not return the data");
	PTS_EXPECT_ERRNO(write(ro, "x", 1), EBADF, "write() to O_RDONLY");
	errno = 0;
	if (ftruncate(ro, 2 * pg) != -1 || (errno != EINVAL && errno != EBADF))
		PTS_FAILED("ftruncate() through O_RDONLY: %s, expected EINVAL or EBADF",
			   strerrorname_np(errno));
	errno = 0;
	if (mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, ro, 0) !=
	    MAP_FAILED || errno != EACCES)
		PTS_FAILED("writable MAP_SHARED of O_RDONLY: %s, expected EACCES",
			   strerrorname_np(errno));
	if (pts_shm_size(fd) != pg || !pts_shm_has(fd, "abcdef"))
		PTS_FAILED("the object changed: size %lld", pts_shm_size(fd));
	PTS_PASSED("O_RDONLY: reads only; write EBADF, ftruncate refused, writable mapping EACCES");
}
