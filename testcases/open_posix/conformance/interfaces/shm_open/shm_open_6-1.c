// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): a shared memory object persists until it is unlinked
 * ("the name shall be removed" only by shm_unlink()): after every
 * descriptor and mapping of it is gone, shm_open() of the name finds the
 * object with its size and data. A descriptor opened O_RDONLY can be
 * mapped PROT_READ and shows the data, but ftruncate() through it fails
 * ([EBADF] or [EINVAL]: "not a file descriptor open for writing") and
 * the size is unchanged.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char name[64], *p;
	struct stat st;
	int fd, r, e;

	snprintf(name, sizeof(name), "/pts_shm_open6_%d", (int)getpid());
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || ftruncate(fd, 3 * pg))
		PTS_UNRES("shm_open/ftruncate: %m");
	p = mmap(NULL, 3 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		shm_unlink(name);
		PTS_UNRES("mmap(): %m");
	}
	strcpy(p + 2 * pg, "persistent");
	munmap(p, 3 * pg);
	close(fd);
	fd = shm_open(name, O_RDONLY, 0);
	if (fd < 0) {
		shm_unlink(name);
		PTS_FAILED("the object is gone with its last reference: %m");
	}
	shm_unlink(name);
	if (fstat(fd, &st) || st.st_size != 3 * pg)
		PTS_FAILED("size %lld after reopening, expected %ld",
			   (long long)st.st_size, 3 * pg);
	p = mmap(NULL, pg, PROT_READ, MAP_SHARED, fd, 2 * pg);
	if (p == MAP_FAILED)
		PTS_FAILED("mmap(PROT_READ) of the O_RDONLY descriptor: %m");
	if (strcmp(p, "persistent"))
		PTS_FAILED("the data is lost: \"%s\"", p);
	errno = 0;
	r = ftruncate(fd, pg);
	e = errno;
	printf("ftruncate() through O_RDONLY: %d %s\n", r,
	       r ? strerrorname_np(e) : "");
	if (r != -1 || (e != EBADF && e != EINVAL))
		PTS_FAILED("expected -1 with EBADF or EINVAL");
	if (fstat(fd, &st) || st.st_size != 3 * pg)
		PTS_FAILED("the size changed to %lld", (long long)st.st_size);
	PTS_PASSED("the object persists unreferenced; O_RDONLY cannot resize");
}
