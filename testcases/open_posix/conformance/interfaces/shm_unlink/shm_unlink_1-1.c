// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_unlink(): "If one or more references to the shared memory object
 * exist when the object is unlinked, the name shall be removed before
 * shm_unlink() returns, but the removal of the memory object contents
 * shall be postponed until all open and map references to the shared
 * memory object have been removed." After the unlink (and the close of
 * the descriptor) a MAP_SHARED mapping still shares its data with a
 * child's inherited mapping in both directions; shm_open() of the name
 * without O_CREAT fails with [ENOENT] and with O_CREAT makes a new
 * object of size 0, not the old one. [ENAMETOOLONG] for a name with a
 * component longer than NAME_MAX.
 */
#include <limits.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static volatile char *p;

static int child(void)
{
	if (strcmp((char *)p, "parent")) {
		printf("child: sees \"%s\", not the parent's data\n", (char *)p);
		return PTS_FAIL;
	}
	strcpy((char *)p, "child");
	return PTS_PASS;
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char name[64], longname[NAME_MAX + 3];
	struct stat st;
	int fd;

	snprintf(name, sizeof(name), "/pts_shm_unlink_%d", (int)getpid());
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || ftruncate(fd, pg))
		PTS_UNRES("shm_open/ftruncate: %m");
	p = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		shm_unlink(name);
		PTS_UNRES("mmap(): %m");
	}
	if (shm_unlink(name))
		PTS_FAILED("shm_unlink(): %m");
	close(fd);
	strcpy((char *)p, "parent");
	pts_run_child(child, "child using the unlinked object");
	if (strcmp((char *)p, "child"))
		PTS_FAILED("the child's store is not seen: \"%s\"", (char *)p);
	PTS_EXPECT_ERRNO(shm_open(name, O_RDWR, 0), ENOENT,
			 "shm_open() of the unlinked name");
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_FAILED("O_CREAT | O_EXCL after the unlink: %m");
	shm_unlink(name);
	if (fstat(fd, &st) || st.st_size != 0)
		PTS_FAILED("the new object has size %lld, expected 0",
			   (long long)st.st_size);
	longname[0] = '/';
	memset(longname + 1, 's', NAME_MAX + 1);
	longname[NAME_MAX + 2] = 0;
	PTS_EXPECT_ERRNO(shm_unlink(longname), ENAMETOOLONG,
			 "shm_unlink(NAME_MAX + 1 characters)");
	PTS_PASSED("mapping lives on after unlink; name free for a new object; ENAMETOOLONG");
}
