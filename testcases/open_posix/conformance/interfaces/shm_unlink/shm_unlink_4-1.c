// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_unlink(): the name is gone at once even while references remain,
 * so a shm_open() of it without O_CREAT fails with [ENOENT] (O_RDWR and
 * O_RDONLY), while the object itself lives on through its descriptor
 * and mapping: its size and data read back, and a new mapping of the
 * old descriptor shows the same data.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	struct stat st;
	char name[64];
	char *m, *m2;
	int fd;

	snprintf(name, sizeof(name), "/pts_shmu4_%d", (int)getpid());
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("shm_open(): %m");
	if (ftruncate(fd, 2 * pg))
		PTS_UNRES("ftruncate(): %m");
	m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	strcpy(m + pg, "still here");
	if (shm_unlink(name))
		PTS_FAILED("shm_unlink(): %m");
	PTS_EXPECT_ERRNO(shm_open(name, O_RDWR, 0), ENOENT,
			 "shm_open(O_RDWR) of the unlinked name");
	PTS_EXPECT_ERRNO(shm_open(name, O_RDONLY, 0), ENOENT,
			 "shm_open(O_RDONLY) of the unlinked name");
	if (fstat(fd, &st) || st.st_size != 2 * pg)
		PTS_FAILED("the unlinked object's size %lld, expected %ld",
			   (long long)st.st_size, 2 * pg);
	if (strcmp(m + pg, "still here"))
		PTS_FAILED("the mapping lost its data");
	m2 = mmap(NULL, 2 * pg, PROT_READ, MAP_SHARED, fd, 0);
	if (m2 == MAP_FAILED)
		PTS_FAILED("mmap() of the unlinked object: %m");
	if (strcmp(m2 + pg, "still here"))
		PTS_FAILED("a new mapping reads \"%.10s\"", m2 + pg);
	PTS_PASSED("the name gone (ENOENT without O_CREAT), the open object kept");
}
