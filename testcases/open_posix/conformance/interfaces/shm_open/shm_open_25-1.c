// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): with O_TRUNC an existing object opened O_RDWR is
 * truncated to zero length. An object of three pages with data reads
 * size 0 through the old descriptor too; grown again by ftruncate() it
 * holds only zeros: the data is gone, not hidden.
 */
#include "pts_shmobj.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE), i;
	char name[64];
	char *m;
	int fd, fd2;

	pts_shm_name(name, sizeof(name), "shmo25");
	fd = pts_shm_make(name, 0600, 3 * pg, NULL);
	m = mmap(NULL, 3 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED) {
		shm_unlink(name);
		PTS_UNRES("mmap(): %m");
	}
	memset(m, 0x5a, 3 * pg);
	munmap(m, 3 * pg);
	fd2 = shm_open(name, O_RDWR | O_TRUNC, 0);
	shm_unlink(name);
	if (fd2 < 0)
		PTS_FAILED("shm_open(O_RDWR | O_TRUNC): %m");
	if (pts_shm_size(fd2) != 0 || pts_shm_size(fd) != 0)
		PTS_FAILED("size after O_TRUNC: %lld (old descriptor %lld)",
			   pts_shm_size(fd2), pts_shm_size(fd));
	if (ftruncate(fd2, 3 * pg))
		PTS_UNRES("ftruncate(): %m");
	m = mmap(NULL, 3 * pg, PROT_READ, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	for (i = 0; i < 3 * pg; i++)
		if (m[i])
			PTS_FAILED("byte %ld is 0x%02x after truncation and growth",
				   i, (unsigned char)m[i]);
	PTS_PASSED("O_TRUNC emptied the object; grown again it is all zeros");
}
