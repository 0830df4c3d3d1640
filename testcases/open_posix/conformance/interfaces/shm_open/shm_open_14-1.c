// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): with O_RDWR the object is open for read and write access.
 * Through such a descriptor (access mode read back O_RDWR) write()
 * stores bytes that a second, independent O_RDONLY descriptor reads,
 * ftruncate() sets the size, and a PROT_READ | PROT_WRITE MAP_SHARED
 * mapping works both ways with read() and write().
 */
#include "pts_shmobj.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char name[64], buf[8];
	int fd, rw, ro;
	char *m;

	pts_shm_name(name, sizeof(name), "shmo14");
	fd = pts_shm_make(name, 0600, 0, NULL);
	rw = shm_open(name, O_RDWR, 0);
	ro = shm_open(name, O_RDONLY, 0);
	shm_unlink(name);
	if (rw < 0 || ro < 0)
		PTS_FAILED("shm_open() of an existing object: %m");
	close(fd);
	if ((fcntl(rw, F_GETFL) & O_ACCMODE) != O_RDWR)
		PTS_FAILED("access mode 0%o, not O_RDWR",
			   fcntl(rw, F_GETFL) & O_ACCMODE);
	if (write(rw, "hello", 5) != 5)
		PTS_FAILED("write() through O_RDWR: %m");
	if (pread(ro, buf, 5, 0) != 5 || memcmp(buf, "hello", 5))
		PTS_FAILED("another descriptor does not read the written bytes");
	if (ftruncate(rw, 2 * pg) || pts_shm_size(ro) != 2 * pg)
		PTS_FAILED("ftruncate() through O_RDWR: %m, size %lld",
			   pts_shm_size(ro));
	m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, rw, 0);
	if (m == MAP_FAILED)
		PTS_FAILED("writable MAP_SHARED of O_RDWR: %m");
	if (memcmp(m, "hello", 5))
		PTS_FAILED("the mapping does not show the written bytes");
	memcpy(m + pg, "world", 5);
	if (pread(ro, buf, 5, pg) != 5 || memcmp(buf, "world", 5))
		PTS_FAILED("a store through the mapping is not read back");
	if (pread(rw, buf, 8, 2 * pg) != 0)
		PTS_FAILED("read() past the set size returned data");
	PTS_PASSED("O_RDWR: write, read back elsewhere, ftruncate, writable shared mapping");
}
