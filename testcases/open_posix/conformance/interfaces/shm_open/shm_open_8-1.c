// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open() with O_RDONLY: the descriptor allows a readable mapping,
 * a MAP_PRIVATE writable one (its stores private, the object unchanged)
 * but not a MAP_SHARED writable one ([EACCES], as for a file open for
 * reading only); ftruncate() through it fails; the data written through
 * an O_RDWR descriptor is what the read-only mapping shows.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char name[64], *ro, *pv, *rw;
	int fd, rd;

	snprintf(name, sizeof(name), "/pts_shm_open8_%d", (int)getpid());
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("shm_open(): %m");
	rd = shm_open(name, O_RDONLY, 0);
	shm_unlink(name);
	if (rd < 0 || ftruncate(fd, pg))
		PTS_UNRES("set-up: %m");
	rw = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (rw == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	memcpy(rw, "shared", 6);
	ro = mmap(NULL, pg, PROT_READ, MAP_SHARED, rd, 0);
	if (ro == MAP_FAILED)
		PTS_FAILED("read-only MAP_SHARED of an O_RDONLY object: %m");
	if (memcmp(ro, "shared", 6))
		PTS_FAILED("the read-only mapping does not show the data");
	PTS_EXPECT_ERRNO(mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, rd, 0),
			 EACCES, "writable MAP_SHARED of an O_RDONLY object");
	pv = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, rd, 0);
	if (pv == MAP_FAILED)
		PTS_FAILED("writable MAP_PRIVATE of an O_RDONLY object: %m");
	memcpy(pv, "PRIV", 4);
	if (memcmp(rw, "shared", 6) || memcmp(ro, "shared", 6))
		PTS_FAILED("a private store reached the object");
	errno = 0;
	if (ftruncate(rd, 2 * pg) != -1 || (errno != EBADF && errno != EINVAL))
		PTS_FAILED("ftruncate() through O_RDONLY: errno %s",
			   strerrorname_np(errno));
	PTS_PASSED("O_RDONLY: readable and private mappings, EACCES for shared writable");
}
